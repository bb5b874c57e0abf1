import type { Kysely } from 'kysely';

// Issue 16 (document 2; docs/incidents.md, Test folders, Detector feedback, Groups and bursts,
// Coverage gaps): the tenant's test folders, verdicts on detectors per incident, the people whose
// names the pattern views withhold, and the index the coverage-gap view walks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incident_test_folders')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    /** The folder as the administrator wrote it, without a trailing separator. */
    .addColumn('path', 'text', (c) => c.notNull())
    /** The comparison form (test-folders.ts): Windows paths lower case with backslashes. */
    .addColumn('path_key', 'text', (c) => c.notNull())
    .addColumn('added_by', 'text')
    .addColumn('added_by_email', 'text')
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('incident_test_folders_pk', ['tenant_id', 'path_key'])
    .execute();

  await db.schema
    .createTable('incident_detector_feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('detector_id', 'text', (c) => c.notNull())
    .addColumn('detector_version', 'integer', (c) => c.notNull())
    .addColumn('verdict', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('note', 'text')
    .addColumn('given_by', 'text')
    .addColumn('given_by_email', 'text')
    .addColumn('given_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('incident_detector_feedback_one', ['incident_id', 'detector_id', 'detector_version'])
    .execute();
  await db.schema
    .createIndex('incident_detector_feedback_detector')
    .on('incident_detector_feedback')
    .columns(['tenant_id', 'detector_id', 'detector_version'])
    .execute();

  await db.schema
    .createTable('incident_naming_exclusions')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    /** The person's account part (self-action.ts accountPart). */
    .addColumn('person_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('incident_naming_exclusions_pk', ['tenant_id', 'person_key'])
    .execute();

  await db.schema
    .createIndex('incidents_last_seen')
    .on('incidents')
    .columns(['tenant_id', 'last_seen_at'])
    .execute();
}
