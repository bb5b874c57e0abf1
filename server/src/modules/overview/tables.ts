/** The tenant's person-analysis switch (migration 0801; docs/overview.md). */
export interface OverviewSettingsTable {
  tenant_id: string;
  person_analysis: number;
  updated_by: string | null;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    overview_settings: OverviewSettingsTable;
  }
}
