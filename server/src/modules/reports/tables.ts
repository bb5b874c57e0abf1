/** Reports (migration 0760; docs/reports.md). */
export interface ReportsTable {
  id: string;
  tenant_id: string;
  name: string;
  description: string | null;
  subject: string | null;
  /** list | triage_sla | policy_effectiveness | executive_summary */
  kind: string;
  /** JSON of the stored filters (the allow-list of document 2). */
  filters: string;
  template_id: string | null;
  row_version: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReportExportRequestsTable {
  id: string;
  tenant_id: string;
  report_id: string;
  requested_by: string;
  reason: string;
  /** The view parameters the approval is for, in canonical form (view.ts `viewKey`). */
  view: string;
  /** csv | print */
  format: string;
  rows: number;
  threshold: number;
  /** pending | approved | rejected | withdrawn */
  state: string;
  decided_by: string | null;
  decided_at: string | null;
  /** Set once, when an export used the approval. */
  used_at: string | null;
  created_at: string;
}

export interface ReportExportSettingsTable {
  tenant_id: string;
  approval_above_rows: number | null;
  updated_by: string | null;
  updated_at: string;
}

/** Who ran or exported which report when; kept 25 hours (document 2, Limits). */
export interface ReportUsageMarksTable {
  id: string;
  tenant_id: string;
  user_id: string;
  /** run | export */
  use: string;
  report_id: string;
  at: string;
}

declare module '../../db/database.js' {
  interface Database {
    reports: ReportsTable;
    report_export_requests: ReportExportRequestsTable;
    report_export_settings: ReportExportSettingsTable;
    report_usage_marks: ReportUsageMarksTable;
  }
}
