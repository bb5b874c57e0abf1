import { type KeyObject, sign } from 'node:crypto';
import canonicalize from 'canonicalize';
import { compareStrings } from './canonical.js';
import { decodeBase64Strict, ed25519PublicKey, verifyEd25519 } from './ed25519.js';
import { BUNDLE_ALGORITHMS, type BundleEnvelope } from './envelope.js';
import type { TrustedPolicyKey } from './verify.js';

/**
 * Document 2, trust rotation: `policy_trust_update` is a complete replacement of the policy
 * signing keys an agent trusts, Ed25519-signed by a key present in both the current and the new
 * set, with a version that only increases. The server signs it and the agent checks it with this
 * one code (docs/signing-keys.md). The envelope has the bundle's shape; the signed payload names
 * its kind, so a trust update is never mistaken for a bundle nor the reverse.
 */
export const TRUST_UPDATE_KIND = 'policy_trust_update';

export interface TrustUpdatePayload {
  kind: typeof TRUST_UPDATE_KIND;
  tenant_id: string;
  version: number;
  keys: TrustedPolicyKey[];
  issued_at: string;
}

/** What the agent trusts now. */
export interface TrustSet {
  tenant_id: string;
  version: number;
  keys: readonly TrustedPolicyKey[];
}

/** One refusal code per check, in the order the checks run. */
export const TRUST_UPDATE_ERROR_CODES = [
  'trust.malformed',
  'trust.algorithm_unsupported',
  'trust.signer_outside',
  'trust.signature_invalid',
  'trust.tenant_mismatch',
  'trust.version_not_newer',
  'trust.empty_set',
  'trust.direct_replacement',
] as const;
export type TrustUpdateErrorCode = (typeof TRUST_UPDATE_ERROR_CODES)[number];

export type TrustUpdateResult =
  | { ok: true; version: number; keys: TrustedPolicyKey[]; signer_key_id: string }
  | { ok: false; code: TrustUpdateErrorCode; message: string };

function trustBytes(payload: TrustUpdatePayload): Uint8Array {
  const sorted = { ...payload, keys: [...payload.keys].sort((a, b) => compareStrings(a.key_id, b.key_id)) };
  const text = canonicalize(sorted);
  if (text === undefined) throw new TypeError('trust update cannot be serialised');
  return new TextEncoder().encode(text);
}

/** Signs a trust update with an Ed25519 key; the server checks the signer is in both sets first. */
export function signTrustUpdate(
  payload: TrustUpdatePayload,
  privateKey: KeyObject,
  keyId: string,
): BundleEnvelope {
  if (privateKey.asymmetricKeyType !== 'ed25519' || privateKey.type !== 'private')
    throw new TypeError('signTrustUpdate needs an Ed25519 private key');
  const bytes = trustBytes(payload);
  return {
    alg: 'ed25519',
    key_id: keyId,
    payload_b64: Buffer.from(bytes).toString('base64'),
    signature_b64: sign(null, bytes, privateKey).toString('base64'),
  };
}

type Check<T> = { ok: true; value: T } | { ok: false; code: TrustUpdateErrorCode; message: string };
const no = (code: TrustUpdateErrorCode, message: string) => ({ ok: false as const, code, message });
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const supported = (alg: unknown) => (BUNDLE_ALGORITHMS as readonly unknown[]).includes(alg);

function publicKeyOf(k: TrustedPolicyKey): KeyObject | null {
  const raw = k.algorithm === 'ed25519' ? decodeBase64Strict(k.public_key_b64) : null;
  return raw ? ed25519PublicKey(raw) : null;
}

/** Each key of the new set: a known algorithm, a usable public key, a unique id. */
function readKeys(value: unknown): Check<TrustedPolicyKey[]> {
  if (!Array.isArray(value)) return no('trust.malformed', 'keys is not a list');
  if (value.length === 0) return no('trust.empty_set', 'the replacement key set is empty');
  const keys: TrustedPolicyKey[] = [];
  for (const k of value) {
    if (!isObj(k) || typeof k.key_id !== 'string' || k.key_id === '' || typeof k.public_key_b64 !== 'string')
      return no('trust.malformed', 'a key lacks key_id or public_key_b64');
    if (!supported(k.algorithm))
      return no('trust.algorithm_unsupported', 'a key of the set has an unsupported algorithm');
    const notAfter = typeof k.not_after === 'string' ? k.not_after : null;
    const key: TrustedPolicyKey = {
      key_id: k.key_id,
      public_key_b64: k.public_key_b64,
      algorithm: k.algorithm as string,
      not_after: notAfter,
    };
    if (!publicKeyOf(key)) return no('trust.malformed', 'a key of the set is not a usable Ed25519 key');
    if (keys.some((x) => x.key_id === key.key_id)) return no('trust.malformed', 'a key id appears twice');
    keys.push(key);
  }
  return { ok: true, value: keys };
}

/**
 * Checks a `policy_trust_update` against the set in force. On any refusal the caller keeps the
 * set it has; on success the returned set replaces it whole.
 */
export function verifyTrustUpdate(envelope: unknown, current: TrustSet): TrustUpdateResult {
  if (!isObj(envelope) || typeof envelope.key_id !== 'string' || envelope.key_id === '')
    return no('trust.malformed', 'the envelope is not an object with a key_id');
  const bytes = decodeBase64Strict(envelope.payload_b64);
  const signature = decodeBase64Strict(envelope.signature_b64);
  if (!bytes || !signature)
    return no('trust.malformed', 'payload_b64 or signature_b64 is not canonical base64');
  if (!supported(envelope.alg))
    return no('trust.algorithm_unsupported', 'the signature algorithm is not supported');
  const signerId = envelope.key_id;
  const signer = current.keys.find((k) => k.key_id === signerId);
  const signerKey = signer ? publicKeyOf(signer) : null;
  if (!signer || !signerKey) return no('trust.signer_outside', 'the signer is not in the trusted set');
  if (!verifyEd25519(signerKey, bytes, signature))
    return no('trust.signature_invalid', 'the signature does not verify over the payload bytes');
  let p: unknown;
  try {
    p = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return no('trust.malformed', 'the signed payload is not JSON');
  }
  if (!isObj(p) || p.kind !== TRUST_UPDATE_KIND)
    return no('trust.malformed', 'the payload is not a trust update');
  if (p.tenant_id !== current.tenant_id) return no('trust.tenant_mismatch', "the update is another tenant's");
  if (typeof p.version !== 'number' || !Number.isSafeInteger(p.version))
    return no('trust.malformed', 'the version is not an integer');
  if (p.version <= current.version)
    return no('trust.version_not_newer', 'the version is not above the trusted set version');
  const keys = readKeys(p.keys);
  if (!keys.ok) return keys;
  const same = keys.value.find((k) => k.key_id === signerId);
  if (!same || same.public_key_b64 !== signer.public_key_b64)
    return no('trust.direct_replacement', 'the signer is not in the replacement set (a direct replacement)');
  return { ok: true, version: p.version, keys: keys.value, signer_key_id: signerId };
}
