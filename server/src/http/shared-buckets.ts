import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';
import { takeFromBucket } from '../db/rate-buckets.js';
import { type Take, TokenBuckets } from './rate-limit.js';

/**
 * Token buckets every instance shares (issue 23). On PostgreSQL — the database of a deployment
 * with several instances — the bucket of each key is one row of `rate_buckets`, refilled and
 * taken from by one upsert per take (db/rate-buckets.ts): exact across instances, at the cost of
 * one row write per request. On SQLite there is one instance, so the buckets stay in process
 * memory (`TokenBuckets`) and cost no write.
 */
export class SharedBuckets {
  private readonly local: TokenBuckets | null;
  private readonly perMs: number;

  constructor(
    private readonly options: {
      db: Kysely<Database>;
      /** Names the buckets in the shared table (`agent.requests`). */
      kind: string;
      ratePerMinute: number;
      burst: number;
      clock: Clock;
    },
  ) {
    this.perMs = options.ratePerMinute / 60_000;
    this.local = dialectOf(options.db) === 'postgres' ? null : new TokenBuckets(options);
  }

  async take(key: string, cost = 1): Promise<Take> {
    if (this.local) return this.local.take(key, cost);
    const { kind, burst, db, clock } = this.options;
    const r = await takeFromBucket(db, {
      kind,
      key,
      cost,
      burst,
      perMs: this.perMs,
      nowMs: clock.now().getTime(),
    });
    if (r.taken) return { ok: true, remaining: r.level };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((cost - r.level) / this.perMs / 1000)) };
  }
}
