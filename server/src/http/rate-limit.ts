import type { Clock } from '../clock.js';
import { AppError } from './errors.js';

/**
 * Token buckets keyed by caller (a user, a device), in process memory: `ratePerMinute` tokens
 * flow in continuously up to `burst`. Used for per-user route limits and the agent rate
 * (document 2: DLP_AGENT_RATE_PER_MINUTE / DLP_AGENT_RATE_BURST). Buckets several instances
 * must share (the agent rate, the hourly quotas) go through `SharedBuckets` (shared-buckets.ts).
 */
export type Take = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** Past this many keys, full buckets (callers at rest) are forgotten: they equal a fresh one. */
const PRUNE_ABOVE = 10_000;

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(private readonly options: { ratePerMinute: number; burst: number; clock: Clock }) {
    // A rate may be a fraction of one a minute (30 report exports an hour); never zero or less.
    if (!(options.ratePerMinute > 0) || options.burst < 1)
      throw new TypeError('rate must be above 0 and burst at least 1');
    this.perMs = options.ratePerMinute / 60_000;
  }

  private refill(key: string, now: number): Bucket {
    const b = this.buckets.get(key) ?? { tokens: this.options.burst, at: now };
    b.tokens = Math.min(this.options.burst, b.tokens + Math.max(0, now - b.at) * this.perMs);
    b.at = now;
    return b;
  }

  take(key: string, cost = 1): Take {
    const now = this.options.clock.now().getTime();
    if (this.buckets.size > PRUNE_ABOVE) this.prune(now);
    const b = this.refill(key, now);
    this.buckets.set(key, b);
    if (b.tokens >= cost) {
      b.tokens -= cost;
      return { ok: true, remaining: b.tokens };
    }
    // Document 2: Retry-After in whole seconds, rounded up, never 0.
    const waitMs = (cost - b.tokens) / this.perMs;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** Tokens left without taking any (e.g. for soft back-pressure below a quarter of the burst). */
  peek(key: string): number {
    return this.refill(key, this.options.clock.now().getTime()).tokens;
  }

  private prune(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.perMs >= this.options.burst) this.buckets.delete(key);
    }
  }
}

/** 429 `request.rate_limited` with its Retry-After header. */
export function rateLimited(retryAfterSeconds: number, message = 'too many requests; retry later'): AppError {
  return new AppError('request.rate_limited', message, [], { 'retry-after': String(retryAfterSeconds) });
}
