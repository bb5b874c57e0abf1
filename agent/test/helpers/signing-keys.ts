import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { type BundleEnvelope, type BundlePayload, signBundle } from '@custos/engine';
import type { PolicySigningKey } from '../../src/enrollment-state.js';

/** A tenant policy signing key as the server would hold it, and its public form for enrolment. */
export function policyKey(keyId = 'key-1'): {
  keyId: string;
  privateKey: KeyObject;
  trusted: PolicySigningKey;
} {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
  return {
    keyId,
    privateKey,
    trusted: { key_id: keyId, public_key_b64: raw.toString('base64'), algorithm: 'ed25519', not_after: null },
  };
}

export function sign(payload: BundlePayload, key: { keyId: string; privateKey: KeyObject }): BundleEnvelope {
  return signBundle({ ...payload, key_id: key.keyId }, key.privateKey, key.keyId);
}
