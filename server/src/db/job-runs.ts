import type { Kysely } from 'kysely';
import type { Database } from './database.js';

/** Background job occurrences (migration 0611). */
export interface JobRunsTable {
  job: string;
  /** The occurrence's period number: floor(time / period). */
  occurrence: string;
  started_at: string;
}

declare module './database.js' {
  interface Database {
    job_runs: JobRunsTable;
  }
}

/** Rows older than this are deleted by the next claim of the same job. */
const KEEP_MS = 7 * 24 * 3_600_000;

/**
 * Runs `work` once per occurrence of `job` across every instance on the database (issue 23). An
 * occurrence is the period of `periodMs` that `now` falls in; the first instance to insert its
 * row runs it, the others skip it (answer `null`). Each instance keeps its own timer: with N
 * instances the job runs once per period, at the first instance's tick in that period. A run that
 * fails is not retried in its period; the next period's occurrence picks up what it left.
 */
export async function runOncePerOccurrence<T>(
  db: Kysely<Database>,
  job: string,
  periodMs: number,
  now: Date,
  work: () => Promise<T>,
): Promise<T | null> {
  const occurrence = String(Math.floor(now.getTime() / periodMs));
  const inserted = await db
    .insertInto('job_runs')
    .values({ job, occurrence, started_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['job', 'occurrence']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  await db
    .deleteFrom('job_runs')
    .where('job', '=', job)
    .where('started_at', '<', new Date(now.getTime() - KEEP_MS).toISOString())
    .execute();
  return work();
}
