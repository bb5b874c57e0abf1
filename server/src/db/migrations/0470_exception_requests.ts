import type { Kysely } from 'kysely';

// Issue 18, exception requests (document 2; docs/exception-requests.md): the requests endpoints
// raise from an approval_required prompt, the signed decisions sent back per device with their
// serials, and each tenant's approver label.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exception_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('policy_id', 'text', (c) => c.notNull())
    .addColumn('policy_version', 'integer', (c) => c.notNull())
    .addColumn('policy_name', 'text')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('destination', 'text')
    .addColumn('file_hash', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('justification', 'text', (c) => c.notNull())
    .addColumn('prompt_reference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('lapses_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('approved_until', 'text')
    .addColumn('identity_unmapped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'text')
    .addColumn('close_reason', 'text')
    .execute();
  await db.schema
    .createIndex('exception_requests_reference')
    .unique()
    .on('exception_requests')
    .columns(['tenant_id', 'reference'])
    .execute();
  await db.schema
    .createIndex('exception_requests_key')
    .unique()
    .on('exception_requests')
    .columns(['device_id', 'request_key'])
    .execute();
  await db.schema
    .createIndex('exception_requests_state')
    .on('exception_requests')
    .columns(['tenant_id', 'state', 'created_at'])
    .execute();
  await db.schema
    .createIndex('exception_requests_lapse')
    .on('exception_requests')
    .columns(['state', 'lapses_at'])
    .execute();
  await db.schema
    .createTable('exception_decisions')
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('serial', 'integer', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('envelope', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exception_decisions_pk', ['device_id', 'serial'])
    .execute();
  await db.schema
    .createTable('exception_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey())
    .addColumn('approver_label', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
