import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { refundToBucket, takeFromBucket } from '../../db/rate-buckets.js';

/**
 * Hourly device quotas (document 2, Limits: DLP_QUOTA_EVENTS_PER_HOUR / _EVENT_BURST and
 * DLP_QUOTA_BYTES_PER_HOUR / _BYTE_BURST, bytes measured on the wire): a bucket per device that
 * refills at the hourly rate up to the burst. Given a PostgreSQL handle (several instances), the
 * bucket is a shared row of `rate_buckets` (db/rate-buckets.ts, issue 23); otherwise it lives in
 * process memory, like SQLite's one instance.
 */
export class HourlyQuota {
  private readonly buckets = new Map<string, { level: number; at: number }>();
  private readonly perMs: number;
  private readonly shared: { db: Kysely<Database>; kind: string } | null;

  constructor(
    perHour: number,
    private readonly burst: number,
    private readonly clock: Clock,
    shared?: { db: Kysely<Database>; kind: string },
  ) {
    this.perMs = perHour / 3_600_000;
    this.shared = shared && dialectOf(shared.db) === 'postgres' ? shared : null;
  }

  private refill(key: string): { level: number; at: number } {
    const now = this.clock.now().getTime();
    const b = this.buckets.get(key) ?? { level: this.burst, at: now };
    b.level = Math.min(this.burst, b.level + Math.max(0, now - b.at) * this.perMs);
    b.at = now;
    this.buckets.set(key, b);
    return b;
  }

  private wait(level: number, amount: number): number {
    return Math.max(1, Math.ceil((amount - level) / this.perMs / 1000));
  }

  /** Whole seconds until `amount` fits, 0 when it fits now (never 0 once refused). */
  waitSeconds(key: string, amount: number): number {
    const b = this.refill(key);
    if (b.level >= amount) return 0;
    if (amount > this.burst) return 3_600;
    return this.wait(b.level, amount);
  }

  take(key: string, amount: number): void {
    this.refill(key).level -= amount;
  }

  /** Takes `amount` when it fits and answers 0; otherwise takes nothing and answers the wait. */
  async tryTake(key: string, amount: number): Promise<number> {
    if (amount > this.burst) return 3_600;
    if (!this.shared) {
      const wait = this.waitSeconds(key, amount);
      if (wait === 0) this.take(key, amount);
      return wait;
    }
    const r = await takeFromBucket(this.shared.db, {
      kind: this.shared.kind,
      key,
      cost: amount,
      burst: this.burst,
      perMs: this.perMs,
      nowMs: this.clock.now().getTime(),
    });
    return r.taken ? 0 : this.wait(r.level, amount);
  }

  /** Puts back a take whose request a later check refused. */
  async giveBack(key: string, amount: number): Promise<void> {
    if (!this.shared) {
      const b = this.refill(key);
      b.level = Math.min(this.burst, b.level + amount);
      return;
    }
    await refundToBucket(this.shared.db, { kind: this.shared.kind, key, amount, burst: this.burst });
  }
}
