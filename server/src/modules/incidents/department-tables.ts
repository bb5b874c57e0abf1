/** Each incident's department attribution (migration 0510; docs/incidents.md, Department). */
export interface IncidentDepartmentsTable {
  incident_id: string;
  tenant_id: string;
  department: string | null;
  /** `endpoint`, `directory`, or null (document 2). */
  source: string | null;
  /** Why it is what it is; see DEPARTMENT_REASONS in department.ts. */
  reason: string;
  decided_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    incident_departments: IncidentDepartmentsTable;
  }
}
