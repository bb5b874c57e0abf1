/** Report schedules and delivery (migration 0830; docs/report-schedules.md). */
export interface ReportDeliveryDestinationsTable {
  id: string;
  tenant_id: string;
  name: string;
  url: string;
  /** The HMAC secret sealed with the master key; null = deliveries are unsigned. Never shown. */
  secret_sealed: string | null;
  /** PEM of the CA the receiver's chain must end at; null = the system's trusted CAs. */
  ca_certificate: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReportSchedulesTable {
  id: string;
  tenant_id: string;
  report_id: string;
  /** The user whose current permissions each run is checked against: who last saved it. */
  run_as: string;
  timezone: string;
  local_minute: number;
  /** daily | weekly | monthly */
  cadence: string;
  day: number | null;
  enabled: number;
  destination_id: string | null;
  delivery_format: string;
  /** Set when a permanent error paused the schedule; cleared when it is enabled again. */
  paused_reason: string | null;
  /** The next occurrence to run; null while disabled or paused. */
  next_run_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReportScheduleRunsTable {
  id: string;
  tenant_id: string;
  schedule_id: string;
  /** The occurrence this run is for; unique with schedule_id. */
  occurrence_at: string;
  /** running | retrying | succeeded | failed | paused */
  state: string;
  attempts: number;
  next_attempt_at: string | null;
  /** The report's row_version at the first attempt: a retry of a changed report fails. */
  report_version: number | null;
  rows: number | null;
  error_code: string | null;
  detail: string | null;
  started_at: string;
  finished_at: string | null;
}

export interface ReportDeliveriesTable {
  id: string;
  tenant_id: string;
  destination_id: string;
  schedule_id: string | null;
  run_id: string | null;
  /** report | test */
  kind: string;
  attempt: number;
  /** delivered | failed | refused */
  outcome: string;
  http_status: number | null;
  detail: string | null;
  bytes: number;
  content_sha256: string | null;
  at: string;
}

declare module '../../db/database.js' {
  interface Database {
    report_delivery_destinations: ReportDeliveryDestinationsTable;
    report_schedules: ReportSchedulesTable;
    report_schedule_runs: ReportScheduleRunsTable;
    report_deliveries: ReportDeliveriesTable;
  }
}
