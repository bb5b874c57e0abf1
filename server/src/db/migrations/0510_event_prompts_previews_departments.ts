import type { Kysely } from 'kysely';

// Issue 16, the last detail fields (docs/incidents.md, "Justifications", "Department",
// "Detector previews"): what a person answered on an endpoint prompt (one row per event that
// carries `person_prompt`), the masked detector previews an event carried (one row per event and
// detector, read only after an evidence opening), and each incident's department attribution.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_person_prompts')
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('incident_id', 'text')
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('held', 'integer', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('answer_text', 'text')
    .addColumn('text_withheld', 'text')
    .addColumn('rule_problems', 'text', (c) => c.notNull())
    .addColumn('not_asked_reason', 'text')
    .addColumn('covered_by_burst', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_person_prompts_pk', ['device_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('event_person_prompts_incident')
    .on('event_person_prompts')
    .columns(['incident_id', 'result'])
    .execute();
  await db.schema
    .createTable('event_detector_previews')
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('detector_id', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('incident_id', 'text')
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('previews', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_detector_previews_pk', ['device_id', 'event_id', 'detector_id'])
    .execute();
  await db.schema
    .createIndex('event_detector_previews_incident')
    .on('event_detector_previews')
    .columns(['incident_id', 'occurred_at'])
    .execute();
  await db.schema
    .createTable('incident_departments')
    .addColumn('incident_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('department', 'text')
    .addColumn('source', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('incident_departments').execute();
  await db.schema.dropIndex('event_detector_previews_incident').execute();
  await db.schema.dropTable('event_detector_previews').execute();
  await db.schema.dropIndex('event_person_prompts_incident').execute();
  await db.schema.dropTable('event_person_prompts').execute();
}
