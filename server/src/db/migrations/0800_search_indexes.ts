import { type Kysely, sql } from 'kysely';

// Issue 21, GET /search (docs/search.md): incidents and endpoints are found by the start of a host
// or user name and by the notice reference a person saw, through indexes, so one search costs a
// few index probes however many incidents the tenant holds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index incidents_search_hostname on incidents (tenant_id, lower(hostname))`.execute(db);
  await sql`create index incidents_search_username on incidents (tenant_id, lower(username))`.execute(db);
  await sql`create index devices_search_hostname on devices (tenant_id, lower(hostname))`.execute(db);
  await sql`create index event_person_prompts_notice on event_person_prompts (tenant_id, notice_reference)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index event_person_prompts_notice`.execute(db);
  await sql`drop index devices_search_hostname`.execute(db);
  await sql`drop index incidents_search_username`.execute(db);
  await sql`drop index incidents_search_hostname`.execute(db);
}
