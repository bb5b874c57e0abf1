import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// Issue 16, evidence access (document 2; docs/evidence.md): who opened an incident's evidence and
// until when, an id and the incident for each withheld notice (listed beside the stored copies),
// and an index for the retention job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('evidence_accesses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('incident_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('evidence_accesses_user')
    .on('evidence_accesses')
    .columns(['tenant_id', 'user_id', 'incident_id', 'expires_at'])
    .execute();
  await db.schema.alterTable('evidence_withheld').addColumn('id', 'text').execute();
  await db.schema.alterTable('evidence_withheld').addColumn('incident_id', 'text').execute();
  const rows = await sql<{ device_id: string; event_id: string; reason: string }>`
    select device_id, event_id, reason from evidence_withheld`.execute(db);
  for (const r of rows.rows) {
    await sql`update evidence_withheld set id = ${randomUUID()},
      incident_id = (select incident_id from agent_events e where e.device_id = ${r.device_id} and e.id = ${r.event_id})
      where device_id = ${r.device_id} and event_id = ${r.event_id} and reason = ${r.reason}`.execute(db);
  }
  await db.schema
    .createIndex('evidence_withheld_incident')
    .on('evidence_withheld')
    .columns(['tenant_id', 'incident_id'])
    .execute();
  await db.schema
    .createIndex('evidence_files_incident')
    .on('evidence_files')
    .columns(['tenant_id', 'incident_id'])
    .execute();
  await db.schema
    .createIndex('evidence_files_expiry')
    .on('evidence_files')
    .columns(['state', 'expires_at'])
    .execute();
}
