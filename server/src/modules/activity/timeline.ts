import { KNOWN_CHANNELS } from '@custos/engine';
import { OUTCOME_NAMES, type Outcome, outcomeOf, type Window } from './query.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type BucketSize = 'hour' | 'six_hours' | 'day';

/** Document 2: hourly buckets up to 24 hours, six-hourly up to 7 days, daily beyond. */
export function bucketSizeOf(w: Window): { size: BucketSize; ms: number; unit: 10 | 13 } {
  const span = w.to.getTime() - w.from.getTime();
  if (span <= DAY_MS) return { size: 'hour', ms: HOUR_MS, unit: 13 };
  if (span <= 7 * DAY_MS) return { size: 'six_hours', ms: 6 * HOUR_MS, unit: 13 };
  return { size: 'day', ms: DAY_MS, unit: 10 };
}

type Counts<K extends string> = Record<K, number>;
const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Counts<K>;

export interface Bucket {
  start: string;
  end: string;
  total: number;
  by_channel: Counts<(typeof KNOWN_CHANNELS)[number]>;
  by_outcome: Counts<Outcome>;
}

/**
 * The buckets of the window, aligned to UTC (hours; 00, 06, 12 and 18 o'clock; midnight), the
 * first starting at `from` and the last ending at `to` exactly, with the counts of the events
 * in each (the store counted them per hour or per day).
 */
export function timeline(w: Window, counts: { slot: string; channel: string; action: string; n: number }[]) {
  const { size, ms, unit } = bucketSizeOf(w);
  const from = w.from.getTime();
  const to = w.to.getTime();
  const buckets: Bucket[] = [];
  for (let s = Math.floor(from / ms) * ms; s < to; s += ms)
    buckets.push({
      start: new Date(Math.max(s, from)).toISOString(),
      end: new Date(Math.min(s + ms, to)).toISOString(),
      total: 0,
      by_channel: zeros(KNOWN_CHANNELS),
      by_outcome: zeros(OUTCOME_NAMES),
    });
  const first = Math.floor(from / ms) * ms;
  for (const c of counts) {
    const at = Date.parse(unit === 13 ? `${c.slot}:00:00.000Z` : `${c.slot}T00:00:00.000Z`);
    const b = buckets[Math.floor((at - first) / ms)];
    if (!b) continue;
    b.total += c.n;
    if (c.channel in b.by_channel) b.by_channel[c.channel as keyof Bucket['by_channel']] += c.n;
    b.by_outcome[outcomeOf(c.action)] += c.n;
  }
  return { bucket: size, buckets };
}
