import type { Kysely } from 'kysely';

// Governed disable requests (document 1, States: pending, then approved, rejected or withdrawn).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('policy_disable_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('policy_id', 'text', (c) => c.notNull().references('policies.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('policy_disable_requests').execute();
}
