import type { Kysely } from 'kysely';

// One audit table for every domain (DESIGN.md, Audit: actor, subject, request id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.references('tenants.id'))
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_tenant_time')
    .on('audit_events')
    .columns(['tenant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_events_subject')
    .on('audit_events')
    .columns(['tenant_id', 'subject_type', 'subject_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}
