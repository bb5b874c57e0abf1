/** Playbooks (migration 0422; docs/incidents.md, Playbooks). */
export interface IncidentPlaybooksTable {
  id: string;
  tenant_id: string;
  name: string;
  /** null = the tenant's default playbook. */
  policy_id: string | null;
  /** JSON `[{title, link}]`, fixed at creation (document 2: steps cannot be edited). */
  steps: string;
  enabled: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface IncidentPlaybookTicksTable {
  incident_id: string;
  playbook_id: string;
  tenant_id: string;
  /** 1-based step number. */
  step: number;
  done_by: string | null;
  done_by_email: string | null;
  done_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    incident_playbooks: IncidentPlaybooksTable;
    incident_playbook_ticks: IncidentPlaybookTicksTable;
  }
}
