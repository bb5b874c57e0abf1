import type { Clock } from '../../clock.js';

/**
 * Hourly device quotas (document 2, Limits: DLP_QUOTA_EVENTS_PER_HOUR / _EVENT_BURST and
 * DLP_QUOTA_BYTES_PER_HOUR / _BYTE_BURST, bytes measured on the wire): a bucket per device that
 * refills at the hourly rate up to the burst. In process memory, like the request bucket.
 */
export class HourlyQuota {
  private readonly buckets = new Map<string, { level: number; at: number }>();
  private readonly perMs: number;

  constructor(
    perHour: number,
    private readonly burst: number,
    private readonly clock: Clock,
  ) {
    this.perMs = perHour / 3_600_000;
  }

  private refill(key: string): { level: number; at: number } {
    const now = this.clock.now().getTime();
    const b = this.buckets.get(key) ?? { level: this.burst, at: now };
    b.level = Math.min(this.burst, b.level + Math.max(0, now - b.at) * this.perMs);
    b.at = now;
    this.buckets.set(key, b);
    return b;
  }

  /** Whole seconds until `amount` fits, 0 when it fits now (never 0 once refused). */
  waitSeconds(key: string, amount: number): number {
    const b = this.refill(key);
    if (b.level >= amount) return 0;
    if (amount > this.burst) return Math.max(1, Math.ceil(3_600));
    return Math.max(1, Math.ceil((amount - b.level) / this.perMs / 1000));
  }

  take(key: string, amount: number): void {
    this.refill(key).level -= amount;
  }
}
