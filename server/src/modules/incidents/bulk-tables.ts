/** Bulk triage requests by idempotency key (migration 0400; docs/incidents.md, Bulk triage). */
export interface IncidentBulkRequestsTable {
  tenant_id: string;
  user_id: string;
  idempotency_key: string;
  /** SHA-256 of the canonical request body: the same key with another body is refused. */
  body_hash: string;
  correlation_id: string;
  /** 'applying' while the items are written, 'done' with `response` afterwards. */
  state: string;
  response: string | null;
  created_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    incident_bulk_requests: IncidentBulkRequestsTable;
  }
}
