import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/**
 * Device key shapes and signature verification (document 2, Enrolment request: an Ed25519
 * public key is 32 raw bytes and its signature 64 bytes; a hardware-backed identity uses a
 * 65-byte uncompressed P-256 point and a fixed-width 64-byte r || s signature).
 */
export const DEVICE_ALGORITHMS = ['ed25519', 'ecdsa_p256_sha256'] as const;
export type DeviceAlgorithm = (typeof DEVICE_ALGORITHMS)[number];

/**
 * Protection claims and the algorithms they go with. A TPM (or Windows platform provider) holds
 * P-256 keys, never Ed25519, so `tpm_backed` with Ed25519 is an inconsistent claim; a software
 * key may be either.
 */
export const KEY_PROTECTIONS: Readonly<Record<string, readonly DeviceAlgorithm[]>> = {
  software: ['ed25519', 'ecdsa_p256_sha256'],
  tpm_backed: ['ecdsa_p256_sha256'],
};

export function isDeviceAlgorithm(value: unknown): value is DeviceAlgorithm {
  return typeof value === 'string' && (DEVICE_ALGORITHMS as readonly string[]).includes(value);
}

/** Strict base64 (standard alphabet, padded) to bytes; null when it is not. */
export function strictBase64(value: string): Buffer | null {
  if (value.length === 0 || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.toString('base64') === value ? bytes : null;
}

/**
 * The key object for a raw public key of the pinned algorithm; null when the bytes are not a
 * key of that shape (wrong length, not uncompressed, not on the curve).
 */
export function importDeviceKey(algorithm: DeviceAlgorithm, raw: Uint8Array): KeyObject | null {
  try {
    if (algorithm === 'ed25519') {
      if (raw.length !== 32) return null;
      return createPublicKey({
        key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') },
        format: 'jwk',
      });
    }
    if (raw.length !== 65 || raw[0] !== 0x04) return null;
    return createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: Buffer.from(raw.subarray(1, 33)).toString('base64url'),
        y: Buffer.from(raw.subarray(33, 65)).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch {
    // OpenSSL refuses a point that is not on the curve.
    return null;
  }
}

/** True only for a valid signature of the exact width the algorithm fixes (64 bytes for both). */
export function verifyDeviceSignature(
  algorithm: DeviceAlgorithm,
  key: KeyObject,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  if (signature.length !== 64) return false;
  try {
    if (algorithm === 'ed25519') return verify(null, message, key, signature);
    return verify('sha256', message, { key, dsaEncoding: 'ieee-p1363' }, signature);
  } catch {
    return false;
  }
}
