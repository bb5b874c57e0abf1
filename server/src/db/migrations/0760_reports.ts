import type { Kysely } from 'kysely';

// Issue 21, reports (document 2; docs/reports.md): saved reports, export approval requests, the
// tenant's export threshold, and the per-user marks of runs and exports kept for 25 hours.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('subject', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text')
    .addColumn('row_version', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_tenant').on('reports').columns(['tenant_id', 'name']).execute();
  await db.schema
    .createTable('report_export_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('view', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_export_requests_tenant')
    .on('report_export_requests')
    .columns(['tenant_id', 'state', 'created_at'])
    .execute();
  await db.schema
    .createTable('report_export_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey())
    .addColumn('approval_above_rows', 'integer')
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('report_usage_marks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('use', 'text', (c) => c.notNull())
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_usage_marks_user')
    .on('report_usage_marks')
    .columns(['tenant_id', 'user_id', 'use', 'at'])
    .execute();
  await db.schema.createIndex('report_usage_marks_at').on('report_usage_marks').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['report_usage_marks', 'report_export_settings', 'report_export_requests', 'reports'])
    await db.schema.dropTable(t).execute();
}
