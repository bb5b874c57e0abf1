import type { Kysely } from 'kysely';

// Custom roles (document 3, Custom roles and Versioning): an additive migration that changes no
// existing row. `users.role = 'custom'` with `users.custom_role_id` already existed (0002).
// `live_name_key` is the folded name while the role is live and null once retired, so the
// unique index keeps live names unique in a tenant and lets a retired name be reused.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_roles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('live_name_key', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('incident_scope', 'text')
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .execute();
  await db.schema
    .createIndex('custom_roles_live_name')
    .unique()
    .on('custom_roles')
    .columns(['tenant_id', 'live_name_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('custom_roles').execute();
}
