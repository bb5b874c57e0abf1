/** Assignment rules (migration 0421; docs/incidents.md, Assignment rules). */
export interface IncidentAssignmentRulesTable {
  id: string;
  tenant_id: string;
  name: string;
  /** A missing condition matches anything. */
  policy_id: string | null;
  channel: string | null;
  /** That severity and worse. */
  min_severity: string | null;
  department: string | null;
  /** Stored lower-case; resolved to an account when a rule fires. */
  assignee_email: string;
  enabled: number;
  /** 1..n, dense within the tenant. */
  position: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    incident_assignment_rules: IncidentAssignmentRulesTable;
  }
}
