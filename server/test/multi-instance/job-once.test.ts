import { describe, expect, it } from 'vitest';
import { runOncePerOccurrence } from '../../src/db/job-runs.js';
import { createTestApp } from '../helpers/index.js';
import { sharedPostgres } from './instances.js';

const pg = sharedPostgres();
const PERIOD = 5 * 60_000;

/** A background job runs once per occurrence with several instances up (issue 23). */
describe('job occurrences', { timeout: 180_000 }, () => {
  it('run once across two instances on PostgreSQL, and again in the next period', async () => {
    const { a, b, close } = await pg.twoInstances({ now: '2026-03-02T10:00:10.000Z' });
    try {
      let runs = 0;
      const tick = (db: typeof a.db, now: Date) =>
        runOncePerOccurrence(db, 'exception.lapse', PERIOD, now, async () => {
          runs += 1;
          return runs;
        });
      // Both instances' timers fire in the same period, several times over (restarts, drift).
      const first = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          tick(i % 2 === 0 ? a.db : b.db, new Date(a.clock.now().getTime() + i * 1000)),
        ),
      );
      expect(runs).toBe(1);
      expect(first.filter((r) => r !== null)).toEqual([1]);
      // Another job's occurrence is its own.
      expect(
        await runOncePerOccurrence(b.db, 'evidence.retention', PERIOD, a.clock.now(), async () => 'ran'),
      ).toBe('ran');
      a.clock.advance(PERIOD);
      const second = await Promise.all([tick(b.db, a.clock.now()), tick(a.db, a.clock.now())]);
      expect(runs).toBe(2);
      expect(second.filter((r) => r !== null)).toEqual([2]);
    } finally {
      await close();
    }
  });

  it('run once per period on SQLite too, and forget occurrences older than a week', async () => {
    const ctx = await createTestApp({ now: '2026-03-02T10:00:10.000Z' });
    try {
      let runs = 0;
      const tick = () =>
        runOncePerOccurrence(ctx.db, 'job', PERIOD, ctx.clock.now(), async () => (runs += 1));
      await tick();
      await tick();
      expect(runs).toBe(1);
      ctx.clock.advance(8 * 24 * 3_600_000);
      await tick();
      expect(runs).toBe(2);
      const rows = await ctx.db.selectFrom('job_runs').select('occurrence').execute();
      expect(rows).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });
});
