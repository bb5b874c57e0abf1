/** Stored agent events (migration 0302): written by ingest, read by incidents and evidence. */
export interface AgentEventsTable {
  id: string;
  tenant_id: string;
  device_id: string;
  batch_id: string;
  received_at: string;
  occurred_at: string;
  /** The endpoint's own time when it was replaced by the arrival time (document 2). */
  occurred_at_reported: string | null;
  channel: string;
  action: string;
  requested_action: string;
  severity: string | null;
  decided_by_policy_id: string | null;
  evaluated_offline: number;
  policy_version: number | null;
  user_name: string | null;
  user_id: string | null;
  hostname: string | null;
  file_path: string | null;
  file_name: string | null;
  file_blake3: string | null;
  file_size_bytes: number | null;
  /** Masked on arrival (document 2: mark of the web stored masked). */
  file_mark_zone: number | null;
  file_mark_host: string | null;
  file_mark_referrer_host: string | null;
  match_count: number;
  evidence_requested: number;
  incident_id: string | null;
  /** The rest of the normalised event (JSON): explanation, detectors, policies, device, not_read. */
  payload: string;
  size_bytes: number;
}

declare module '../../db/database.js' {
  interface Database {
    agent_events: AgentEventsTable;
  }
}
