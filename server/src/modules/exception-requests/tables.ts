/** Exception requests, their signed decisions and the approver label (migration 0470). */
export interface ExceptionRequestsTable {
  id: string;
  tenant_id: string;
  /** `EXC-` and eight characters; what the person and the agent name the request by. */
  reference: string;
  device_id: string;
  /** The agent's own id for the request, so a retried POST answers the first. */
  request_key: string;
  /** pending, approved, refused, withdrawn, expired. */
  state: string;
  /** The endpoint account that raised it; null when the endpoint could not name one. */
  subject: string | null;
  policy_id: string;
  policy_version: number;
  policy_name: string | null;
  channel: string;
  destination: string | null;
  file_hash: string;
  file_name: string | null;
  category: string;
  justification: string;
  prompt_reference: string;
  created_at: string;
  lapses_at: string;
  decided_at: string | null;
  decided_by: string | null;
  decision_note: string | null;
  approved_until: string | null;
  identity_unmapped: number;
  closed_at: string | null;
  closed_by: string | null;
  close_reason: string | null;
}

export interface ExceptionDecisionsTable {
  device_id: string;
  serial: number;
  tenant_id: string;
  request_id: string;
  decision: string;
  /** The signed envelope as sent (JSON). */
  envelope: string;
  created_at: string;
}

export interface ExceptionSettingsTable {
  tenant_id: string;
  approver_label: string;
  updated_by: string;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    exception_requests: ExceptionRequestsTable;
    exception_decisions: ExceptionDecisionsTable;
    exception_settings: ExceptionSettingsTable;
  }
}
