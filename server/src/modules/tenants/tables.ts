/** The tenants table (migration 0001): every tenant-owned row elsewhere carries its id. */
export interface TenantsTable {
  id: string;
  slug: string;
  name: string;
  created_at: string;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    tenants: TenantsTable;
  }
}
