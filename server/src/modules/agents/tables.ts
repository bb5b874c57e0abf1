/**
 * Endpoint groups, enrolled devices (agents) and their queued commands (migration 0300; the
 * same migration's device CA belongs to enrolment, its nonce cache to agent-api). Timestamps are
 * ISO-8601 UTC text, JSON is text, booleans are 0/1 (docs/architecture.md).
 */
export interface AgentGroupsTable {
  id: string;
  tenant_id: string;
  name: string;
  /** Lower-case name: names are unique in a tenant without regard to case. */
  name_key: string;
  created_at: string;
  retired_at: string | null;
}

/** `uninstalled`: the agent said so at its last check-in (`dlp-agent uninstall`); credentials dead. */
export type DeviceStatus = 'active' | 'revoked' | 'uninstalled';

export interface DevicesTable {
  id: string;
  tenant_id: string;
  group_id: string | null;
  hostname: string;
  os: string;
  os_version: string;
  agent_version: string;
  hardware_id: string;
  /** Base64 of the raw public key: 32 bytes Ed25519 or a 65-byte uncompressed P-256 point. */
  public_key_b64: string;
  /** Pinned at enrolment; a request cannot choose another (document 2, Agent requests). */
  signature_algorithm: 'ed25519' | 'ecdsa_p256_sha256';
  key_protection: string;
  status: DeviceStatus;
  revoked_at: string | null;
  enrolled_at: string;
  last_seen_at: string | null;
  /** The capability matrix as last reported (JSON). */
  capabilities: string;
  /** The health object as last reported (JSON). */
  health: string;
  bundle_version: number;
  policy_trust_version: number;
  certificate_serial: string;
  certificate_expires_at: string;
  /** Events stored for this device (DLP_QUOTA_STORED_EVENTS; reconciled by retention). */
  stored_events: number;
  /** Open quota episode reason, null when none (agent.quota_exceeded once per episode). */
  quota_episode: string | null;
}

export interface AgentCommandsTable {
  id: string;
  tenant_id: string;
  device_id: string;
  kind: string;
  payload: string;
  created_at: string;
  collected_at: string | null;
}

declare module '../../db/database.js' {
  interface Database {
    agent_groups: AgentGroupsTable;
    devices: DevicesTable;
    agent_commands: AgentCommandsTable;
  }
}
