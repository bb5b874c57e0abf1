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
  }
}
