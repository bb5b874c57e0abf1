/** Policy signing keys and signed bundles (migration 0220). Timestamps are ISO-8601 UTC text. */
export interface PolicySigningKeysTable {
  key_id: string;
  tenant_id: string;
  /** Base64 of the raw 32-byte Ed25519 public key. */
  public_key_b64: string;
  /** PKCS#8 DER of the private key, sealed with AES-256-GCM under the master key. */
  private_key_sealed: string;
  created_at: string;
  not_after: string | null;
  retired_at: string | null;
  /** Migration 0750 (docs/signing-keys.md): active signs; incoming and rotating are trusted only. */
  state: SigningKeyState;
  /** The trust revision that put the rotation's two keys side by side; null outside a rotation. */
  overlap_trust_version: number | null;
}

export type SigningKeyState = 'active' | 'incoming' | 'rotating' | 'retired';

/** Every signed trust revision (migration 0750): agents step through them one at a time. */
export interface PolicyTrustRevisionsTable {
  tenant_id: string;
  version: number;
  /** JSON array of the key ids of the set. */
  key_ids: string;
  signer_key_id: string;
  /** The signed `policy_trust_update` envelope as JSON text. */
  envelope: string;
  created_at: string;
}

export interface PolicyBundlesTable {
  tenant_id: string;
  version: number;
  /** The signed envelope exactly as served to agents, as JSON text. */
  envelope: string;
  /** JSON array of capability names an agent must report to be given this bundle. */
  required_capabilities: string;
  /** Why it was compiled (publish, approval, rollback, device approval …). */
  reason: string;
  created_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    policy_signing_keys: PolicySigningKeysTable;
    policy_bundles: PolicyBundlesTable;
    policy_trust_revisions: PolicyTrustRevisionsTable;
  }
}
