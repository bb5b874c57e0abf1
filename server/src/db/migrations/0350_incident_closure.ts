import type { Kysely } from 'kysely';

// Second-person closes (document 2, States and transitions; docs/incidents.md, Second-person
// closes): the tenant setting, the close requests waiting for a second person, and the record of
// accepted risks and critical closes that no second person approved.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incident_closure_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('second_person_accepted_risk', 'integer', (c) => c.notNull())
    .addColumn('second_person_critical', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('incident_close_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    // closed | false_positive | accepted_risk
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text', (c) => c.notNull())
    // how many status lines the incident had when asked: another move since makes approval stale
    .addColumn('status_changes', 'integer', (c) => c.notNull())
    .addColumn('disposition', 'text', (c) => c.notNull())
    .addColumn('resolution', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    // as sent; null means the 90-day default counted from the approval
    .addColumn('accepted_until', 'text')
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_by_email', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    // pending | approved | rejected | withdrawn
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text')
    .execute();
  await db.schema
    .createIndex('incident_close_requests_incident')
    .on('incident_close_requests')
    .columns(['incident_id', 'state'])
    .execute();

  await db.schema
    .createTable('incident_single_person_closures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('reference', 'text', (c) => c.notNull())
    // accepted_risk | critical
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('disposition', 'text', (c) => c.notNull())
    .addColumn('closed_by', 'text')
    .addColumn('closed_by_email', 'text')
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('incident_single_person_closures_tenant_at')
    .on('incident_single_person_closures')
    .columns(['tenant_id', 'closed_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['incident_single_person_closures', 'incident_close_requests', 'incident_closure_settings'])
    await db.schema.dropTable(t).execute();
}
