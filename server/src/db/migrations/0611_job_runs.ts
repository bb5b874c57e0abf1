import type { Kysely } from 'kysely';

// Issue 23: one row per occurrence of a background job (db/job-runs.ts). The instance whose
// insert lands runs that occurrence; every other instance finds the row and skips it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('occurrence', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'occurrence'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
