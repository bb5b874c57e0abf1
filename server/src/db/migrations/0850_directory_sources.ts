import type { Kysely } from 'kysely';

// Directory sources (document 3, Directory sources and lookup). Additive: a new table only. The
// credential lives in the environment (`credential_ref`); the row pins the domain SID (Windows
// directory) or the tenant id (cloud directory) once read. Nothing read from a directory about
// people or computers is stored here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('directory_sources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('credential_ref', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('verification', 'text', (c) => c.notNull())
    .addColumn('last_verified_at', 'text')
    .addColumn('last_failure', 'text')
    .addColumn('config_version', 'integer', (c) => c.notNull())
    .addColumn('pinned_id', 'text')
    .addColumn('resting_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('directory_sources_tenant_id')
    .on('directory_sources')
    .columns(['tenant_id', 'id'])
    .execute();
}
