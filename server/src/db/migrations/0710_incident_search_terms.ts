import type { Kysely } from 'kysely';

// Issue 16 (docs/incidents.md, "Queue filters"): the incident `search` of document 2 also covers
// the destinations its events named and the notice reference a person saw; and the tenant's
// switch that hides people's names from the queue (`names_hidden`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incident_destinations')
    .addColumn('incident_id', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('incident_destinations_pk', ['incident_id', 'destination'])
    .execute();
  await db.schema.alterTable('event_person_prompts').addColumn('notice_reference', 'text').execute();
  await db.schema
    .createTable('incident_name_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey())
    .addColumn('names_hidden', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('incident_name_settings').execute();
  await db.schema.alterTable('event_person_prompts').dropColumn('notice_reference').execute();
  await db.schema.dropTable('incident_destinations').execute();
}
