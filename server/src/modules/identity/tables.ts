/** Per-tenant sign-in settings (migration 0150). */
export interface IdentitySettingsTable {
  tenant_id: string;
  /** Document 3: 15-480 minutes; a tenant without a row uses 60. */
  idle_minutes: number;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    identity_settings: IdentitySettingsTable;
  }
}
