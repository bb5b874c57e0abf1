import type { Kysely } from 'kysely';

// Issue 21 (docs/activity-explorer.md): the Activity Explorer reads a tenant's events by time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('agent_events_tenant_time')
    .on('agent_events')
    .columns(['tenant_id', 'occurred_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('agent_events_tenant_time').execute();
}
