import { type ActivityFilter, activityCounts, hourCounts, hoursAnswer } from '../agent-events/public.js';

const HOUR_MS = 3_600_000;

export interface SlotCount {
  slot: string;
  channel: string;
  action: string;
  n: number;
}

/** `YYYY-MM-DDTHH` of a time (the roll-up's hour key). */
const hourKey = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/**
 * The timeline's counts per hour (`unit` 13) or day (`unit` 10), channel and applied action
 * (docs/activity-explorer.md, Hourly roll-up). When the roll-up answers the filter, the window's
 * whole hours come from it and only the part-hours at either edge are counted from the events;
 * otherwise every event of the window is counted. Both give the same numbers.
 */
export async function timelineCounts(
  db: Parameters<typeof activityCounts>[0],
  f: ActivityFilter,
  unit: 10 | 13,
): Promise<SlotCount[]> {
  const from = Date.parse(f.from);
  const to = Date.parse(f.to);
  const first = Math.ceil(from / HOUR_MS) * HOUR_MS;
  const last = Math.floor(to / HOUR_MS) * HOUR_MS;
  if (!hoursAnswer(f) || first >= last) return activityCounts(db, f, unit);
  const iso = (ms: number) => new Date(ms).toISOString();
  const parts = [hourCounts(db, f, hourKey(first), hourKey(last), unit)];
  if (from < first) parts.push(activityCounts(db, { ...f, to: iso(first) }, unit));
  if (last < to) parts.push(activityCounts(db, { ...f, from: iso(last) }, unit));
  const merged = new Map<string, SlotCount>();
  for (const c of (await Promise.all(parts)).flat()) {
    const key = `${c.slot}\u0000${c.channel}\u0000${c.action}`;
    const known = merged.get(key);
    if (known) known.n += c.n;
    else merged.set(key, { ...c });
  }
  return [...merged.values()];
}

/** How many events match (the explorer's `total`, an export's): the sum of the timeline's counts. */
export async function activityTotal(db: Parameters<typeof activityCounts>[0], f: ActivityFilter) {
  return (await timelineCounts(db, f, 10)).reduce((sum, c) => sum + c.n, 0);
}
