/** Test folders, detector feedback and naming exclusions (migration 0430; docs/incidents.md). */
export interface IncidentTestFoldersTable {
  tenant_id: string;
  path: string;
  path_key: string;
  added_by: string | null;
  added_by_email: string | null;
  added_at: string;
}

export interface IncidentDetectorFeedbackTable {
  id: string;
  tenant_id: string;
  incident_id: string;
  detector_id: string;
  detector_version: number;
  /** false_positive | true_positive */
  verdict: string;
  reason: string | null;
  note: string | null;
  given_by: string | null;
  given_by_email: string | null;
  given_at: string;
}

/** People the pattern views (groups, bursts) never name (docs/incidents.md, Groups). */
export interface IncidentNamingExclusionsTable {
  tenant_id: string;
  person_key: string;
  created_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    incident_test_folders: IncidentTestFoldersTable;
    incident_detector_feedback: IncidentDetectorFeedbackTable;
    incident_naming_exclusions: IncidentNamingExclusionsTable;
  }
}
