/**
 * Incidents, their events' policies, their locations and the per-tenant reference counter
 * (migration 0303). Triage columns (assignee, disposition, resolution …) exist so later issues
 * slot in without reshaping the row.
 */
export interface IncidentsTable {
  id: string;
  tenant_id: string;
  number: number;
  reference: string;
  title: string;
  severity: string;
  status: string;
  row_version: number;
  /** document 1 rule 8: the folding key; null when raise_every_match made it single. */
  correlation_key: string | null;
  /** 'at_rest' | 'egress' | 'discovery' */
  action_kind: string;
  policy_id: string | null;
  policy_name: string | null;
  device_id: string;
  group_id: string | null;
  hostname: string | null;
  username: string | null;
  channel: string;
  content_hash: string | null;
  file_path: string | null;
  file_name: string | null;
  file_size_bytes: number | null;
  policy_version: number | null;
  action: string;
  requested_action: string;
  evaluated_offline: number;
  superseded_policy_ids: string;
  /** Marked as a test (document 1: test policies use a separate key and are marked). */
  synthetic: number;
  synthetic_by: string | null;
  event_count: number;
  match_count: number;
  risk_score: number;
  priority_score: number;
  assignee_id: string | null;
  assignee_email: string | null;
  disposition: string | null;
  resolution: string | null;
  /** SLA (migration 0420): 1 met, 0 missed, null not decided or no target (sla-clock.ts). */
  response_met: number | null;
  resolution_met: number | null;
  first_seen_at: string;
  last_seen_at: string;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface IncidentPoliciesTable {
  incident_id: string;
  policy_id: string;
  tenant_id: string;
  name: string | null;
  applied_events: number;
  superseded_events: number;
}

export type LocationState = 'current' | 'moved' | 'removed';

export interface IncidentLocationsTable {
  id: string;
  tenant_id: string;
  incident_id: string;
  device_id: string;
  path: string;
  content_hash: string | null;
  state: LocationState;
  first_seen_at: string;
  last_seen_at: string;
  moved_at: string | null;
  moved_to: string | null;
  departure: string | null;
  removed_at: string | null;
}

export interface IncidentCountersTable {
  tenant_id: string;
  next_number: number;
}

declare module '../../db/database.js' {
  interface Database {
    incidents: IncidentsTable;
    incident_policies: IncidentPoliciesTable;
    incident_locations: IncidentLocationsTable;
    incident_counters: IncidentCountersTable;
  }
}
