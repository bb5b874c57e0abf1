import type { Kysely } from 'kysely';

// Agent events and batch idempotency records (document 2, Events; ingest limits).
export async function up(db: Kysely<unknown>): Promise<void> {
  let t = db.schema
    .createTable('agent_events')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id'))
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('occurred_at_reported', 'text')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('requested_action', 'text', (c) => c.notNull())
    .addColumn('severity', 'text')
    .addColumn('decided_by_policy_id', 'text')
    .addColumn('evaluated_offline', 'integer', (c) => c.notNull())
    .addColumn('policy_version', 'integer');
  for (const name of ['user_name', 'user_id', 'hostname', 'file_path', 'file_name', 'file_blake3'])
    t = t.addColumn(name, 'text');
  t = t
    .addColumn('file_size_bytes', 'bigint')
    .addColumn('file_mark_zone', 'integer')
    .addColumn('file_mark_host', 'text')
    .addColumn('file_mark_referrer_host', 'text')
    .addColumn('match_count', 'integer', (c) => c.notNull())
    .addColumn('evidence_requested', 'integer', (c) => c.notNull())
    .addColumn('incident_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_events_pk', ['device_id', 'id']);
  await t.execute();
  await db.schema
    .createIndex('agent_events_incident')
    .on('agent_events')
    .columns(['incident_id', 'occurred_at'])
    .execute();

  await db.schema
    .createTable('ingest_batches')
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ingest_batches_pk', ['device_id', 'batch_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ingest_batches').execute();
  await db.schema.dropTable('agent_events').execute();
}
