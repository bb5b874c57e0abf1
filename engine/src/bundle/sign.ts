import { type KeyObject, sign } from 'node:crypto';
import type { BundlePayload } from '../policy/bundle-payload.js';
import { canonicalBundleBytes } from './canonical.js';
import type { BundleEnvelope } from './envelope.js';

/**
 * Signs a bundle payload with an Ed25519 private key. The payload's `key_id` must already name
 * `keyId` (misuse is a TypeError): the signed bytes then carry the key id the envelope states.
 */
export function signBundle(payload: BundlePayload, privateKey: KeyObject, keyId: string): BundleEnvelope {
  if (privateKey.asymmetricKeyType !== 'ed25519' || privateKey.type !== 'private')
    throw new TypeError('signBundle needs an Ed25519 private key');
  if (payload.key_id !== keyId) throw new TypeError('payload key_id must equal the signing key id');
  const bytes = canonicalBundleBytes(payload);
  const signature = sign(null, bytes, privateKey);
  return {
    alg: 'ed25519',
    key_id: keyId,
    payload_b64: Buffer.from(bytes).toString('base64'),
    signature_b64: signature.toString('base64'),
  };
}
