import type { Kysely } from 'kysely';

// Issue 21, report schedules and delivery (document 2; docs/report-schedules.md): delivery
// destinations, schedules, one run per (schedule, occurrence time) — the unique key is what keeps
// two instances or a restart from running an occurrence twice — and the delivery attempts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_delivery_destinations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text')
    .addColumn('ca_certificate', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_delivery_destinations_tenant')
    .on('report_delivery_destinations')
    .columns(['tenant_id', 'name'])
    .execute();
  await db.schema
    .createTable('report_schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('run_as', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('local_minute', 'integer', (c) => c.notNull())
    .addColumn('cadence', 'text', (c) => c.notNull())
    .addColumn('day', 'integer')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('destination_id', 'text')
    .addColumn('delivery_format', 'text', (c) => c.notNull())
    .addColumn('paused_reason', 'text')
    .addColumn('next_run_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_schedules_tenant')
    .on('report_schedules')
    .columns(['tenant_id', 'report_id'])
    .execute();
  await db.schema
    .createIndex('report_schedules_due')
    .on('report_schedules')
    .columns(['enabled', 'next_run_at'])
    .execute();
  await db.schema
    .createTable('report_schedule_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('schedule_id', 'text', (c) => c.notNull())
    .addColumn('occurrence_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('report_version', 'integer')
    .addColumn('rows', 'integer')
    .addColumn('error_code', 'text')
    .addColumn('detail', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addUniqueConstraint('report_schedule_runs_occurrence', ['schedule_id', 'occurrence_at'])
    .execute();
  await db.schema
    .createIndex('report_schedule_runs_due')
    .on('report_schedule_runs')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema
    .createTable('report_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('destination_id', 'text', (c) => c.notNull())
    .addColumn('schedule_id', 'text')
    .addColumn('run_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('detail', 'text')
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('content_sha256', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_deliveries_tenant')
    .on('report_deliveries')
    .columns(['tenant_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_deliveries').execute();
  await db.schema.dropTable('report_schedule_runs').execute();
  await db.schema.dropTable('report_schedules').execute();
  await db.schema.dropTable('report_delivery_destinations').execute();
}
