/** Incident links (migration 0360; docs/incidents.md, Links): one row per undirected pair. */
export interface IncidentLinksTable {
  tenant_id: string;
  /** The smaller of the two incident ids; `high_id` the larger (A–B and B–A are one row). */
  low_id: string;
  high_id: string;
  note: string | null;
  created_by: string | null;
  created_by_email: string | null;
  created_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    incident_links: IncidentLinksTable;
  }
}
