/** Agent releases, one row per tenant and (version, platform) (migration 0740). */
export interface AgentReleasesTable {
  id: string;
  tenant_id: string;
  version: string;
  platform: string;
  /** Lower-hex SHA-256 of the package; the file is `<data>/releases/<sha256>`. */
  sha256: string;
  size_bytes: number;
  /** Ed25519 over the exact package bytes, by the tenant's policy signing key `key_id`. */
  signature_b64: string;
  key_id: string;
  created_at: string;
}

/** The rollout: one rule per endpoint group; `version` null pins the group. */
export interface AgentRolloutRulesTable {
  tenant_id: string;
  group_id: string;
  version: string | null;
  updated_by: string;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    agent_releases: AgentReleasesTable;
    agent_rollout_rules: AgentRolloutRulesTable;
  }
}
