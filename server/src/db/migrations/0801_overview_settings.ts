import type { Kysely } from 'kysely';

// Issue 21, GET /overview (docs/overview.md): the tenant's person-analysis switch. Without a row
// the switch is off: per-person rankings are withheld until an organisation turns them on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('overview_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey())
    .addColumn('person_analysis', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('overview_settings').execute();
}
