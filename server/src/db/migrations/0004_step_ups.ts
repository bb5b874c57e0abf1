import type { Kysely } from 'kysely';

// Recent sign-in confirmations per session and purpose (document 3, Authentication: step-ups).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('step_ups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('step_ups_session_purpose')
    .on('step_ups')
    .columns(['session_id', 'purpose', 'confirmed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('step_ups').execute();
}
