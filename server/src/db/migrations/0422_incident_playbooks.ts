import { type Kysely, sql } from 'kysely';

// Playbooks (document 2, /incident-playbooks; docs/incidents.md, Playbooks): one enabled playbook
// per policy and one without (the unique index is the last word on a race), and the steps ticked
// on each incident.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incident_playbooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('policy_id', 'text')
    // JSON [{title, link}]; never changed after creation
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index incident_playbooks_one_enabled on incident_playbooks (tenant_id, coalesce(policy_id, '')) where enabled = 1`.execute(
    db,
  );

  await db.schema
    .createTable('incident_playbook_ticks')
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('playbook_id', 'text', (c) => c.notNull().references('incident_playbooks.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('done_by', 'text')
    .addColumn('done_by_email', 'text')
    .addColumn('done_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('incident_playbook_ticks_pk', ['incident_id', 'playbook_id', 'step'])
    .execute();
}
