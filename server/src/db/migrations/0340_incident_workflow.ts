import type { Kysely } from 'kysely';

// Incident triage: the history of every state change and the discussion (document 2, Incident
// routes; issue 16). The incidents row already carries status, assignee, disposition, resolution.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incident_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    // status | assignment
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_value', 'text')
    .addColumn('to_value', 'text')
    .addColumn('disposition', 'text')
    .addColumn('note', 'text')
    .addColumn('request_id', 'text')
    .addColumn('correlation_id', 'text')
    .execute();
  await db.schema
    .createIndex('incident_history_incident_at')
    .on('incident_history')
    .columns(['incident_id', 'at', 'id'])
    .execute();

  await db.schema
    .createTable('incident_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('author_id', 'text')
    .addColumn('author_email', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('from_person', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('incident_comments_incident_at')
    .on('incident_comments')
    .columns(['incident_id', 'created_at', 'id'])
    .execute();

  // Questions to the person on the endpoint (awaiting_user); the AskPerson command carries the id.
  await db.schema
    .createTable('incident_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('asked_by', 'text')
    .addColumn('asked_at', 'text', (c) => c.notNull())
    .addColumn('lapses_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema
    .createIndex('incident_questions_incident')
    .on('incident_questions')
    .columns(['incident_id', 'asked_at'])
    .execute();

  // Accepted risks: the incident reopens to investigating at accepted_until (document 2).
  await db.schema
    .createTable('incident_acceptances')
    .addColumn('incident_id', 'text', (c) => c.primaryKey().references('incidents.id'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('accepted_until', 'text', (c) => c.notNull())
    .addColumn('accepted_by', 'text')
    .addColumn('accepted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('incident_acceptances_until')
    .on('incident_acceptances')
    .columns(['accepted_until'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['incident_acceptances', 'incident_questions', 'incident_comments', 'incident_history'])
    await db.schema.dropTable(t).execute();
}
