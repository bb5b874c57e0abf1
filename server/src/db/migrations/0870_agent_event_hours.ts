import { type Kysely, sql } from 'kysely';

// Issue 21 (docs/activity-explorer.md, Hourly roll-up): the Activity Explorer's timeline reads
// whole hours from this table instead of counting every event. One row per tenant, UTC hour
// (`YYYY-MM-DDTHH`, the first 13 characters of `occurred_at`), channel and applied action;
// ingest adds to it in the transaction that stores the events. Existing events are counted in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agent_event_hours')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_event_hours_pk', ['tenant_id', 'hour', 'channel', 'action'])
    .execute();
  await sql`insert into agent_event_hours (tenant_id, hour, channel, action, events)
    select tenant_id, substr(occurred_at, 1, 13), channel, action, count(*)
    from agent_events group by tenant_id, substr(occurred_at, 1, 13), channel, action`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agent_event_hours').execute();
}
