import type { Kysely } from 'kysely';

// GET /incidents/{id}/related-suggestions (document 2; docs/incidents.md, Related suggestions):
// each of its three lookups reads an index, so a tenant with many incidents answers in bounded time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('incidents_suggest_content')
    .on('incidents')
    .columns(['tenant_id', 'content_hash'])
    .execute();
  await db.schema
    .createIndex('incidents_suggest_policy')
    .on('incidents')
    .columns(['tenant_id', 'policy_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('incidents_suggest_device')
    .on('incidents')
    .columns(['tenant_id', 'device_id', 'first_seen_at'])
    .execute();
}
