import type { Kysely } from 'kysely';

// Policies and their immutable versions (document 1, Policy version; States and transitions).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('policies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('group_name', 'text')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // POL-<n> is never reused: policies are never deleted and the pair is unique.
    .addUniqueConstraint('policies_tenant_number', ['tenant_id', 'number'])
    .execute();
  await db.schema
    .createTable('policy_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('policy_id', 'text', (c) => c.notNull().references('policies.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('spec', 'text', (c) => c.notNull())
    .addColumn('change_reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('submitted_by', 'text')
    .addColumn('approved_by', 'text')
    .addColumn('published_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('policy_versions_policy_version', ['policy_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('policy_versions').execute();
  await db.schema.dropTable('policies').execute();
}
