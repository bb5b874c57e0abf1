import { createPublicKey, randomBytes, verify } from 'node:crypto';
import type { DeviceKeySupport } from '../platform/types.js';
import type { DeviceKey, DeviceKeyProtection, DeviceSignatureAlgorithm } from './device-key.js';
import { DeviceKeyError } from './device-key-error.js';
import { readDeviceKeyPin } from './key-pin.js';
import { DEFAULT_TCTI, loadPinnedDeviceKey } from './select-key.js';

/** `capabilities --json`: whether a TPM answers here (issue 8). */
export interface TpmPresence {
  present: boolean;
  /** What answered, or why nothing did; never key material. */
  detail: string;
}

/**
 * Asks the platform's TPM whether it answers, without creating or touching any key: on Linux a
 * tpm2-tss connection and TPM2_Startup over the TCTI, on Windows opening the Platform Crypto Provider.
 */
export async function probeTpm(
  keys: DeviceKeySupport,
  options: { tcti?: string } = {},
): Promise<TpmPresence> {
  try {
    return { present: true, detail: await keys.probeHardware(options.tcti ?? DEFAULT_TCTI) };
  } catch (err) {
    return { present: false, detail: err instanceof Error ? err.message : String(err) };
  }
}

/** `doctor`: the key protection in force, proven by a signature the pinned public key verifies. */
export interface DeviceKeyVerdict {
  ok: boolean;
  /** `device_key.ok` or the DeviceKeyError code that explains the failure. */
  code: string;
  protection: DeviceKeyProtection | null;
  algorithm: DeviceSignatureAlgorithm | null;
  detail: string;
}

function publicKeyObject(key: DeviceKey) {
  const raw = Buffer.from(key.publicKey());
  if (key.algorithm === 'ed25519') {
    return createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
      format: 'jwk',
    });
  }
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * Opens the key pinned at enrolment, signs a random challenge and verifies it with node:crypto
 * against the pinned public key. A TPM-enrolled agent whose TPM is gone gets a failing verdict
 * naming why (issue 8: fail closed with a clear doctor verdict, never a silent key switch).
 */
export async function deviceKeyVerdict(
  stateDir: string,
  keys: DeviceKeySupport,
  options: { tcti?: string } = {},
): Promise<DeviceKeyVerdict> {
  let pin: Awaited<ReturnType<typeof readDeviceKeyPin>>;
  try {
    pin = await readDeviceKeyPin(stateDir, keys.posixModes);
  } catch (err) {
    const code = err instanceof DeviceKeyError ? err.code : 'device_key.corrupt';
    return { ok: false, code, protection: null, algorithm: null, detail: (err as Error).message };
  }
  if (!pin) {
    return {
      ok: false,
      code: 'device_key.not_enrolled',
      protection: null,
      algorithm: null,
      detail: 'no device key is pinned (not enrolled)',
    };
  }
  const base = { protection: pin.protection, algorithm: pin.algorithm };
  let key: DeviceKey;
  try {
    key = (await loadPinnedDeviceKey(stateDir, keys, options)).key;
  } catch (err) {
    const code = err instanceof DeviceKeyError ? err.code : 'device_key.tpm_unavailable';
    return { ok: false, code, ...base, detail: (err as Error).message };
  }
  try {
    const challenge = randomBytes(32);
    const sig = await key.sign(challenge);
    const good =
      key.algorithm === 'ed25519'
        ? verify(null, challenge, publicKeyObject(key), sig)
        : verify('sha256', challenge, { key: publicKeyObject(key), dsaEncoding: 'ieee-p1363' }, sig);
    if (!good) {
      return {
        ok: false,
        code: 'device_key.corrupt',
        ...base,
        detail: 'the key signed, but the signature does not verify',
      };
    }
    return {
      ok: true,
      code: 'device_key.ok',
      ...base,
      detail: `${pin.protection} ${pin.algorithm} key signs and verifies`,
    };
  } catch (err) {
    const code = err instanceof DeviceKeyError ? err.code : 'device_key.tpm_key_unusable';
    return { ok: false, code, ...base, detail: (err as Error).message };
  } finally {
    await key.close();
  }
}
