import { createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { DeviceKey } from '../../src/identity/device-key.js';

/**
 * A real P-256 key held by node:crypto, standing in where a test needs an ecdsa_p256_sha256
 * DeviceKey without a TPM (the TPM tests use the real TPM key).
 */
export function nodeP256Key(): DeviceKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.of(4),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  return {
    algorithm: 'ecdsa_p256_sha256',
    protection: 'software',
    publicKey: () => new Uint8Array(point),
    sign: async (message) =>
      new Uint8Array(sign('sha256', message, { key: privateKey, dsaEncoding: 'ieee-p1363' })),
    close: async () => undefined,
  };
}

/** The node:crypto public key of a 65-byte uncompressed P-256 point (`04‖X‖Y`). */
export function p256PublicKeyObject(point: Uint8Array): KeyObject {
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: Buffer.from(point.subarray(1, 33)).toString('base64url'),
      y: Buffer.from(point.subarray(33, 65)).toString('base64url'),
    },
    format: 'jwk',
  });
}
