import { generateKeyPairSync, sign } from 'node:crypto';
import type { DeviceKey } from '../../src/identity/device-key.js';

/** An in-memory Ed25519 device key (no file, no TPM), for tests that sign agent requests. */
export function softwareDeviceKey(): DeviceKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    algorithm: 'ed25519',
    protection: 'software',
    publicKey: () => new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(12)),
    sign: async (m) => new Uint8Array(sign(null, m, privateKey)),
    close: async () => {},
  };
}
