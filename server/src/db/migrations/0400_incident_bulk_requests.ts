import type { Kysely } from 'kysely';

// POST /incidents/bulk (document 2, Bulk triage; docs/incidents.md, Bulk triage): one row per
// idempotency key and account, kept a day, holding the answer a retry gets back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incident_bulk_requests')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('correlation_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('incident_bulk_requests_pk', ['tenant_id', 'user_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('incident_bulk_requests_created')
    .on('incident_bulk_requests')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('incident_bulk_requests').execute();
}
