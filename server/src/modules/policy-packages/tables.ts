/** Imports of policy packages (migration 0720): what a dry run reads as `previously_imported`. */
export interface PolicyPackageImportsTable {
  id: string;
  tenant_id: string;
  /** The draft the import created. */
  policy_id: string;
  policy_number: number;
  source_tenant_id: string;
  source_policy_id: string;
  source_version: number;
  digest: string;
  imported_by: string | null;
  imported_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    policy_package_imports: PolicyPackageImportsTable;
  }
}
