/**
 * When a schedule runs (document 2, Schedule rules; docs/report-schedules.md, Occurrences): a
 * local minute of a day in an IANA zone, daily, weekly (Monday = 0) or monthly (1-31). Pure
 * functions: the caller passes the instant to count from (the injected clock).
 *
 * - A local time that does not exist on a date (the clock jumps over it) moves to the first real
 *   minute after it on that date.
 * - A local time that exists twice (the clock goes back) runs once, at its first instant.
 * - A monthly day past the month's end (the 31st in April) skips that month.
 */
export type Cadence = 'daily' | 'weekly' | 'monthly';

export interface ScheduleTime {
  timezone: string;
  /** Minutes after local midnight, 0..1439. */
  local_minute: number;
  cadence: Cadence;
  /** Weekly: 0 (Monday) .. 6; monthly: 1..31; daily: null. */
  day: number | null;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** True for a zone name the runtime's time-zone database knows (Europe/Berlin, UTC). */
export function isKnownZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

function localParts(at: number, zone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(at)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    minute: parts.hour! * 60 + parts.minute!,
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The zone's offset from UTC (ms) at an instant. */
function offsetAt(at: number, zone: string): number {
  const l = localParts(at, zone);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day) + l.minute * MINUTE;
  return asUtc - Math.floor(at / MINUTE) * MINUTE;
}

/** The instants whose local date and minute are exactly these (none in a gap, two in an overlap). */
function instantsOf(date: { year: number; month: number; day: number }, minute: number, zone: string) {
  const naive = Date.UTC(date.year, date.month - 1, date.day) + minute * MINUTE;
  const found = new Set<number>();
  // Offsets in use within a day either side cover every transition the zone could make.
  for (const probe of [naive - DAY, naive - DAY / 2, naive, naive + DAY / 2, naive + DAY]) {
    const at = naive - offsetAt(probe, zone);
    const l = localParts(at, zone);
    if (l.year === date.year && l.month === date.month && l.day === date.day && l.minute === minute)
      found.add(at);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The occurrence on a local date: the first instant of the local minute, or, when the minute does
 * not exist that day, the first real minute after it on the same date. Null when none is left.
 */
export function occurrenceOn(
  date: { year: number; month: number; day: number },
  localMinute: number,
  zone: string,
): Date | null {
  for (let m = localMinute; m < 24 * 60; m++) {
    const [first] = instantsOf(date, m, zone);
    if (first !== undefined) return new Date(first);
  }
  return null;
}

function matches(s: ScheduleTime, date: { year: number; month: number; day: number }): boolean {
  if (s.cadence === 'daily') return true;
  if (s.cadence === 'monthly') return date.day === s.day;
  const weekday = (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
  return weekday === s.day;
}

/** The first occurrence strictly after `after`. A monthly 31st is at most 62 days away. */
export function nextOccurrence(s: ScheduleTime, after: Date): Date {
  const start = localParts(after.getTime(), s.timezone);
  for (let i = -1; i <= 400; i++) {
    const d = new Date(Date.UTC(start.year, start.month - 1, start.day + i));
    const date = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
    if (!matches(s, date)) continue;
    const at = occurrenceOn(date, s.local_minute, s.timezone);
    if (at && at.getTime() > after.getTime()) return at;
  }
  throw new Error('no occurrence within 400 days');
}

/** The next `count` occurrences after `after` (the console's preview). */
export function upcoming(s: ScheduleTime, after: Date, count: number): Date[] {
  const out: Date[] = [];
  let from = after;
  for (let i = 0; i < count; i++) {
    from = nextOccurrence(s, from);
    out.push(from);
  }
  return out;
}
