import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/** Raw Ed25519 public key (32 bytes) as a KeyObject, or null when it is not one. */
export function ed25519PublicKey(raw: Uint8Array): KeyObject | null {
  if (raw.length !== 32) return null;
  try {
    return createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return null;
  }
}

/** Ed25519 verification of `signature` (64 bytes) over the exact `message` bytes. Never throws. */
export function verifyEd25519(publicKey: KeyObject, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  try {
    return verify(null, message, publicKey, signature);
  } catch {
    return false;
  }
}

const B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict standard base64 (padded, canonical); null for anything else, so one text has one meaning. */
export function decodeBase64Strict(text: unknown): Uint8Array | null {
  if (typeof text !== 'string' || !B64.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? new Uint8Array(bytes) : null;
}
