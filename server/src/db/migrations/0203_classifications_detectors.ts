import type { Kysely } from 'kysely';

// Tenant custom detectors (versions) and classifications (immutable coordinates id/version/revision).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_detectors')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('spec', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('custom_detectors_pk', ['tenant_id', 'id', 'version'])
    .execute();
  await db.schema
    .createTable('classifications')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('classification_version', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('classifications_pk', ['id', 'classification_version', 'revision'])
    .execute();
  await db.schema
    .createTable('classification_state')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('classification_state').execute();
  await db.schema.dropTable('classifications').execute();
  await db.schema.dropTable('custom_detectors').execute();
}
