/** Tenant network indicators (migration 0290); lists are JSON arrays of strings. */
export interface NetworkIndicatorsTable {
  tenant_id: string;
  revision: number;
  dns_suffixes: string;
  ip_ranges: string;
  updated_by: string;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    network_indicators: NetworkIndicatorsTable;
  }
}
