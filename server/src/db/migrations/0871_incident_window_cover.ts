import type { Kysely } from 'kysely';

// Issue 21, reports (docs/reports.md, Speed): a report over a creation-time window counts its
// matches and their severity and status from the index alone. The creation-time index grows the
// columns those counts and the common filters read (severity, status, channel); over 1,000,000
// incidents the 30-day critical-and-high count went from a table read per incident to an index
// scan. The wider index replaces `incidents_tenant_created`, whose columns it starts with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('incidents_tenant_created_cover')
    .on('incidents')
    .columns(['tenant_id', 'created_at', 'severity', 'status', 'channel'])
    .execute();
  await db.schema.dropIndex('incidents_tenant_created').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('incidents_tenant_created')
    .on('incidents')
    .columns(['tenant_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('incidents_tenant_created_cover').execute();
}
