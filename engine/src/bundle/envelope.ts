/**
 * The transmitted form of a bundle. `payload_b64` carries the exact signed bytes (RFC 8785
 * canonical JSON of the sorted payload); the signature covers those bytes and nothing else, and
 * an agent verifies it before parsing them. `key_id` names the signing key; the payload repeats it
 * and the two must agree.
 */
export interface BundleEnvelope {
  alg: 'ed25519';
  key_id: string;
  payload_b64: string;
  signature_b64: string;
}

/** Signature algorithms an agent accepts; anything else fails with `bundle.algorithm_unsupported`. */
export const BUNDLE_ALGORITHMS = ['ed25519'] as const;

/** Failure codes of `verifyBundle`, one per check, in the order the checks run. */
export const BUNDLE_ERROR_CODES = [
  'bundle.malformed',
  'bundle.algorithm_unsupported',
  'bundle.key_unknown',
  'bundle.key_expired',
  'bundle.signature_invalid',
  'bundle.payload_malformed',
  'bundle.key_id_mismatch',
  'bundle.schema_incompatible',
  'bundle.tenant_mismatch',
  'bundle.device_out_of_scope',
  'bundle.group_out_of_scope',
  'bundle.expired',
  'bundle.clock_skew',
  'bundle.version_rollback',
] as const;

export type BundleErrorCode = (typeof BUNDLE_ERROR_CODES)[number];
