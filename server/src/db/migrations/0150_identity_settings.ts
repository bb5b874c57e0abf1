import type { Kysely } from 'kysely';

// Per-tenant sign-in settings (document 3: settings.session.idle_minutes, 15-480, default 60).
// A tenant without a row uses the default, so existing tenants need no backfill.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('idle_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_settings').execute();
}
