import type { Kysely } from 'kysely';

// SLA targets (document 2, POST /settings/incident-response; docs/incidents.md, SLA targets):
// whether the response and resolution targets were met, recorded on the incident when decided;
// the tenant's targets; and each incident's clock (time in awaiting_user excluded).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('incidents').addColumn('response_met', 'integer').execute();
  await db.schema.alterTable('incidents').addColumn('resolution_met', 'integer').execute();

  await db.schema
    .createTable('incident_response_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
    .addColumn('critical_minutes', 'integer', (c) => c.notNull())
    .addColumn('high_minutes', 'integer', (c) => c.notNull())
    .addColumn('medium_minutes', 'integer', (c) => c.notNull())
    .addColumn('low_minutes', 'integer', (c) => c.notNull())
    .addColumn('resolution_critical_minutes', 'integer', (c) => c.notNull())
    .addColumn('resolution_high_minutes', 'integer', (c) => c.notNull())
    .addColumn('resolution_medium_minutes', 'integer', (c) => c.notNull())
    .addColumn('resolution_low_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('incident_sla')
    .addColumn('incident_id', 'text', (c) => c.primaryKey().references('incidents.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('responded_at', 'text')
    .addColumn('response_target_minutes', 'integer')
    .addColumn('resolved_at', 'text')
    .addColumn('resolution_target_minutes', 'integer')
    // created_at moved on by the time spent in awaiting_user: the resolution clock's origin
    .addColumn('clock_from', 'text', (c) => c.notNull())
    .addColumn('awaiting_ms', 'bigint', (c) => c.notNull())
    // set while the incident waits in awaiting_user (the clock is stopped)
    .addColumn('paused_at', 'text')
    .addColumn('paused_elapsed_ms', 'bigint')
    .execute();
  await db.schema
    .createIndex('incidents_tenant_response_met')
    .on('incidents')
    .columns(['tenant_id', 'response_met'])
    .execute();
  await db.schema
    .createIndex('incidents_tenant_resolution_met')
    .on('incidents')
    .columns(['tenant_id', 'resolution_met'])
    .execute();
}
