import type { Kysely } from 'kysely';

// Issue 16, priority and risk (docs/incidents.md, "Priority and risk"): each incident's factors
// and the risk model version it was scored under, beside the scores kept on the incident row;
// and the two indexes scoring reads (a rule's closed record, a person's confirmed incidents).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incident_scores')
    .addColumn('incident_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('risk_model_version', 'text', (c) => c.notNull())
    .addColumn('risk_factors', 'text', (c) => c.notNull())
    .addColumn('priority_factors', 'text', (c) => c.notNull())
    .addColumn('scored_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('incidents_policy_status')
    .on('incidents')
    .columns(['tenant_id', 'policy_id', 'status'])
    .execute();
  await db.schema
    .createIndex('incidents_person_disposition')
    .on('incidents')
    .columns(['tenant_id', 'username', 'disposition'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('incidents_person_disposition').execute();
  await db.schema.dropIndex('incidents_policy_status').execute();
  await db.schema.dropTable('incident_scores').execute();
}
