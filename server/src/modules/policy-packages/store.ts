import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PolicyPackageImportsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertImport(db: Db, row: PolicyPackageImportsTable): Promise<void> {
  await db.insertInto('policy_package_imports').values(row).execute();
}

/** Earlier imports into the tenant of the same source version, oldest first. */
export async function importsOfSource(
  db: Db,
  tenantId: string,
  source: { tenant_id: string; policy_id: string; version: number },
): Promise<PolicyPackageImportsTable[]> {
  return db
    .selectFrom('policy_package_imports')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('source_tenant_id', '=', source.tenant_id)
    .where('source_policy_id', '=', source.policy_id)
    .where('source_version', '=', source.version)
    .orderBy('imported_at')
    .execute();
}
