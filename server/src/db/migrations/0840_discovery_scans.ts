import type { Kysely } from 'kysely';

// Issue 21 (docs/discovery-scans.md): discovery scans, the endpoints each one runs on, and what
// the agents found. A scan is one run; a re-run is a new scan of the same series that names
// the one before it (`previous_run_id`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discovery_scans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('series_id', 'text', (c) => c.notNull())
    .addColumn('previous_run_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('paths', 'text', (c) => c.notNull())
    .addColumn('agent_ids', 'text', (c) => c.notNull())
    .addColumn('group_ids', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('cancelled_by', 'text')
    .addColumn('cancel_reason', 'text')
    .execute();
  await db.schema
    .createIndex('discovery_scans_tenant_number')
    .on('discovery_scans')
    .columns(['tenant_id', 'number'])
    .unique()
    .execute();
  await db.schema
    .createIndex('discovery_scans_tenant_created')
    .on('discovery_scans')
    .columns(['tenant_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('discovery_scan_endpoints')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('scan_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('files_seen', 'integer', (c) => c.notNull())
    .addColumn('files_read', 'integer', (c) => c.notNull())
    .addColumn('bytes_read', 'bigint', (c) => c.notNull())
    .addColumn('findings', 'integer', (c) => c.notNull())
    .addColumn('skipped_paths', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('started_at', 'text')
    .addColumn('reported_at', 'text')
    .addColumn('finished_at', 'text')
    .addPrimaryKeyConstraint('discovery_scan_endpoints_pk', ['scan_id', 'device_id'])
    .execute();
  await db.schema
    .createTable('discovery_scan_findings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('scan_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('severity_rank', 'integer', (c) => c.notNull())
    .addColumn('detectors', 'text', (c) => c.notNull())
    .addColumn('policy_ids', 'text', (c) => c.notNull())
    .addColumn('found_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discovery_scan_findings_scan')
    .on('discovery_scan_findings')
    .columns(['tenant_id', 'scan_id', 'severity_rank', 'path'])
    .execute();
  await db.schema
    .createIndex('discovery_scan_findings_path')
    .on('discovery_scan_findings')
    .columns(['scan_id', 'device_id', 'path'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discovery_scan_findings').execute();
  await db.schema.dropTable('discovery_scan_endpoints').execute();
  await db.schema.dropTable('discovery_scans').execute();
}
