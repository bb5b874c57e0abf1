/** SLA targets and clocks (migration 0420; docs/incidents.md, SLA targets). */
export interface IncidentResponseSettingsTable {
  tenant_id: string;
  critical_minutes: number;
  high_minutes: number;
  medium_minutes: number;
  low_minutes: number;
  resolution_critical_minutes: number;
  resolution_high_minutes: number;
  resolution_medium_minutes: number;
  resolution_low_minutes: number;
  updated_by: string | null;
  updated_at: string;
}

/** One incident's clock, written at its first status change (sla-clock.ts). */
export interface IncidentSlaTable {
  incident_id: string;
  tenant_id: string;
  responded_at: string | null;
  /** The target in force when the response was decided (null: the severity had none). */
  response_target_minutes: number | null;
  resolved_at: string | null;
  resolution_target_minutes: number | null;
  /** created_at moved on by the time spent in awaiting_user. */
  clock_from: string;
  awaiting_ms: number;
  /** Set while the incident waits in awaiting_user; the clock is stopped at paused_elapsed_ms. */
  paused_at: string | null;
  paused_elapsed_ms: number | null;
}

declare module '../../db/database.js' {
  interface Database {
    incident_response_settings: IncidentResponseSettingsTable;
    incident_sla: IncidentSlaTable;
  }
}
