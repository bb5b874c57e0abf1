import type { Kysely } from 'kysely';

// Issue 21 (docs/discovery-scans.md, Recurring scans): a series may repeat every N hours.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discovery_scans').addColumn('repeat_every_hours', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discovery_scans').dropColumn('repeat_every_hours').execute();
}
