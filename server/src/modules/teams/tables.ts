/** Teams (migration 0620; docs/saved-views.md). `name_key` is the name folded for the no-case clash rule. */
export interface TeamsTable {
  id: string;
  tenant_id: string;
  name: string;
  name_key: string;
  created_by: string | null;
  created_at: string;
}

export interface TeamMembersTable {
  tenant_id: string;
  team_id: string;
  user_id: string;
  added_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    teams: TeamsTable;
    team_members: TeamMembersTable;
  }
}
