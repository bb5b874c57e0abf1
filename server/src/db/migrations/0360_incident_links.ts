import { type Kysely, sql } from 'kysely';

// Incident links (document 2, POST /incidents/{id}/links; issue 16): undirected, so one row per
// pair with the smaller id first; removing a link deletes its row (the history keeps the trace).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incident_links')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('low_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('high_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('note', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_by_email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('incident_links_pk', ['low_id', 'high_id'])
    .addCheckConstraint('incident_links_ordered', sql`low_id < high_id`)
    .execute();
  await db.schema.createIndex('incident_links_high').on('incident_links').columns(['high_id']).execute();
}
