/** Saved views (migration 0620; docs/saved-views.md). */
export interface SavedViewsTable {
  id: string;
  tenant_id: string;
  /** incidents | activity_explorer */
  surface: string;
  name: string;
  /** The name folded for the no-case clash rule. */
  name_key: string;
  /** JSON of the view's state (at most 4096 bytes). */
  state: string;
  /** me | team | organisation */
  visibility: string;
  team_id: string | null;
  owner_id: string;
  /** 'organisation' or the team id while the view is its scope's default; null otherwise. */
  default_scope: string | null;
  created_at: string;
  last_used_at: string | null;
}

declare module '../../db/database.js' {
  interface Database {
    saved_views: SavedViewsTable;
  }
}
