import type { Kysely } from 'kysely';

// Issue 23: the per-device request bucket and hourly quotas shared by every instance on one
// PostgreSQL database (db/rate-buckets.ts). One row per (kind, key): the level after the last
// take and when it was taken, in milliseconds since the epoch.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_buckets')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('level', 'double precision', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .addColumn('taken', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_buckets_pk', ['kind', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_buckets').execute();
}
