/** Stored evidence copies, withheld notices, tenant evidence keys and settings (migrations 0304, 0410). */
export interface EvidenceFilesTable {
  id: string;
  tenant_id: string;
  event_id: string;
  device_id: string;
  incident_id: string | null;
  size_bytes: number;
  blake3: string;
  /** stored, delete_failed, deleted (document 2, evidence-files list). */
  state: string;
  stored_at: string;
  expires_at: string;
  deleted_at: string | null;
}

export interface EvidenceWithheldTable {
  /** Added by migration 0410 (the evidence-files list names each notice). */
  id: string | null;
  tenant_id: string;
  incident_id: string | null;
  event_id: string;
  reason: string;
  device_id: string;
  recorded_at: string;
}

export interface EvidenceKeysTable {
  tenant_id: string;
  /** 32-byte AES key sealed under the master key (context names the tenant). */
  key_sealed: string;
  created_at: string;
}

export interface EvidenceSettingsTable {
  tenant_id: string;
  enabled: number;
  /** Total bytes of stored copies the tenant may hold. */
  cap_bytes: number;
  retention_days: number;
}

/** One opening of an incident's evidence by a person, with a justification (migration 0410). */
export interface EvidenceAccessesTable {
  id: string;
  tenant_id: string;
  incident_id: string;
  user_id: string;
  opened_at: string;
  expires_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    evidence_files: EvidenceFilesTable;
    evidence_withheld: EvidenceWithheldTable;
    evidence_keys: EvidenceKeysTable;
    evidence_settings: EvidenceSettingsTable;
    evidence_accesses: EvidenceAccessesTable;
  }
}
