import type { Kysely } from 'kysely';

// Assignment rules (document 2, /incident-assignment-rules; docs/incidents.md, Assignment rules):
// ordered per tenant; the first enabled rule whose conditions all hold assigns a new incident.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incident_assignment_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('policy_id', 'text')
    .addColumn('channel', 'text')
    .addColumn('min_severity', 'text')
    .addColumn('department', 'text')
    .addColumn('assignee_email', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('incident_assignment_rules_tenant_position')
    .on('incident_assignment_rules')
    .columns(['tenant_id', 'position'])
    .execute();
}
