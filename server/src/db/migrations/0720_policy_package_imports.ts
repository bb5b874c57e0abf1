import type { Kysely } from 'kysely';

// Issue 25, portable policy packages (document 1, Policy package; docs/policy-packages.md): one
// row per import, so a dry run can say the same source version was imported before. The source
// coordinate is the exporting tenant, policy and version as the package names them; the digest
// is the package's integrity value (not a proof of origin).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('policy_package_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('policy_id', 'text', (c) => c.notNull())
    .addColumn('policy_number', 'integer', (c) => c.notNull())
    .addColumn('source_tenant_id', 'text', (c) => c.notNull())
    .addColumn('source_policy_id', 'text', (c) => c.notNull())
    .addColumn('source_version', 'integer', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('imported_by', 'text')
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('policy_package_imports_source')
    .on('policy_package_imports')
    .columns(['tenant_id', 'source_tenant_id', 'source_policy_id', 'source_version'])
    .execute();
}
