import type { Kysely } from 'kysely';

// Issue 23, ingest speed (docs/incidents.md, Priority and risk): the detector facts scoring reads
// (a validated match, one at high confidence, the highest confidence) kept as a running summary
// beside the scores, JSON `{"validated":…,"high_confidence":…,"max_confidence":…}`. Ingest
// merges each batch's events into it instead of re-reading up to 1,000 stored events per
// incident per batch. Null for incidents scored before: their next fold reads their events once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('incident_scores').addColumn('detector_facts', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('incident_scores').dropColumn('detector_facts').execute();
}
