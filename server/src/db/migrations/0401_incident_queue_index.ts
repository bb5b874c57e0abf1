import type { Kysely } from 'kysely';

// GET /incidents (docs/incidents.md, Queue filters; the 1,000,000-incident bench): the queue's
// set filters read one index, and its count is answered from that index alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('incidents_queue_filters')
    .on('incidents')
    .columns(['tenant_id', 'status', 'severity', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('incidents_queue_filters').execute();
}
