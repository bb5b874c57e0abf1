/** Custom roles (migration 0540, document 3). Built-in roles are code, not rows (http/roles.ts). */
export interface CustomRolesTable {
  id: string;
  tenant_id: string;
  name: string;
  /** The folded name while live; null once retired (unique per tenant). */
  live_name_key: string | null;
  description: string;
  /** JSON array of permission identifiers, sorted and deduplicated. */
  permissions: string;
  /** JSON array of endpoint-group ids (and `cloud_storage`); null = tenant-wide. */
  incident_scope: string | null;
  revision: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  retired_at: string | null;
}

declare module '../../db/database.js' {
  interface Database {
    custom_roles: CustomRolesTable;
  }
}
