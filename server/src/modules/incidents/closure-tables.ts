/** Second-person closes (migration 0350; docs/incidents.md, Second-person closes). */
export interface IncidentClosureSettingsTable {
  tenant_id: string;
  second_person_accepted_risk: number;
  second_person_critical: number;
  updated_at: string;
}

export interface IncidentCloseRequestsTable {
  id: string;
  tenant_id: string;
  incident_id: string;
  /** closed | false_positive | accepted_risk */
  target: string;
  from_status: string;
  /** The incident's status history lines when asked; another move since makes approval stale. */
  status_changes: number;
  disposition: string;
  resolution: string;
  note: string | null;
  /** As sent; null means the 90-day default counted from the approval. */
  accepted_until: string | null;
  requested_by: string;
  requested_by_email: string | null;
  requested_at: string;
  /** pending | approved | rejected | withdrawn */
  state: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_note: string | null;
}

export interface IncidentSinglePersonClosuresTable {
  id: string;
  tenant_id: string;
  incident_id: string;
  reference: string;
  /** accepted_risk | critical */
  kind: string;
  severity: string;
  disposition: string;
  closed_by: string | null;
  closed_by_email: string | null;
  closed_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    incident_closure_settings: IncidentClosureSettingsTable;
    incident_close_requests: IncidentCloseRequestsTable;
    incident_single_person_closures: IncidentSinglePersonClosuresTable;
  }
}
