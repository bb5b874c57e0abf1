import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { rateLimited } from '../../http/rate-limit.js';
import { SharedBuckets } from '../../http/shared-buckets.js';
import { markUsage } from './export-store.js';
import type { ApprovalCall } from './route-parts.js';

/**
 * Per-user limits on report runs and exports (document 2, Limits): 60 runs a minute and 30
 * exports an hour. The buckets are the shared `rate_buckets` of docs/deploy.md (one row per user
 * and use on PostgreSQL, so every instance counts alike). Each counted run or export is also
 * kept for 25 hours as who and when (`report_usage_marks`), the record an administrator reads
 * when a limit is questioned.
 */
export const RUNS_PER_MINUTE = 60;
export const EXPORTS_PER_HOUR = 30;
export const MARK_KEPT_MS = 25 * 3_600_000;

interface Buckets {
  run: SharedBuckets;
  export: SharedBuckets;
}

// One pair per database handle: each app (and each test app) has its own.
const perDatabase = new WeakMap<Kysely<Database>, Buckets>();

function bucketsOf(db: Kysely<Database>, clock: Clock): Buckets {
  let b = perDatabase.get(db);
  if (!b) {
    b = {
      run: new SharedBuckets({
        db,
        clock,
        kind: 'report.run',
        ratePerMinute: RUNS_PER_MINUTE,
        burst: RUNS_PER_MINUTE,
      }),
      export: new SharedBuckets({
        db,
        clock,
        kind: 'report.export',
        ratePerMinute: EXPORTS_PER_HOUR / 60,
        burst: EXPORTS_PER_HOUR,
      }),
    };
    perDatabase.set(db, b);
  }
  return b;
}

/** Takes one run or export of the caller, or refuses 429 `request.rate_limited` with Retry-After. */
export async function countUse(c: ApprovalCall, use: 'run' | 'export', reportId: string): Promise<void> {
  const key = `${c.principal.tenantId}:${c.principal.userId}`;
  const take = await bucketsOf(c.ctx.db, c.ctx.clock)[use].take(key);
  if (!take.ok)
    throw rateLimited(
      take.retryAfterSeconds,
      use === 'run' ? 'too many report runs; retry later' : 'too many report exports; retry later',
    );
  const now = c.ctx.clock.now();
  await markUsage(
    c.ctx.db,
    {
      id: randomUUID(),
      tenant_id: c.principal.tenantId,
      user_id: c.principal.userId,
      use,
      report_id: reportId,
      at: now.toISOString(),
    },
    new Date(now.getTime() - MARK_KEPT_MS).toISOString(),
  );
}
