import type { Schedule } from '../policy/policy-types.js';
import { isIanaZone } from '../policy/time-zone.js';

const WEEKDAY: Readonly<Record<string, number>> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

export interface PreparedSchedule {
  schedule: Schedule;
  /** Null when the zone could not be resolved on this endpoint. */
  formatter: Intl.DateTimeFormat | null;
  days: ReadonlySet<number>;
}

/** `zones` shares one formatter per zone across the policies of a bundle. */
export function prepareSchedule(
  schedule: Schedule,
  zones: Map<string, Intl.DateTimeFormat | null> = new Map(),
): PreparedSchedule {
  const known = zones.get(schedule.timezone);
  if (known !== undefined) return { schedule, formatter: known, days: new Set(schedule.days_of_week) };
  let formatter: Intl.DateTimeFormat | null = null;
  if (isIanaZone(schedule.timezone)) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: schedule.timezone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  }
  zones.set(schedule.timezone, formatter);
  return { schedule, formatter, days: new Set(schedule.days_of_week) };
}

/** Local day (0 = Monday) and minute of day of `now` in the formatter's zone, daylight saving followed. */
export function localDayMinute(formatter: Intl.DateTimeFormat, now: Date): { day: number; minute: number } {
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of formatter.formatToParts(now)) {
    if (part.type === 'weekday') day = WEEKDAY[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { day, minute: hour * 60 + minute };
}

export interface ScheduleResult {
  active: boolean;
  code: string;
  text: string;
}

/**
 * Document 1, evaluation rule 6: evaluated in the policy's zone; `start_minute` inclusive,
 * `end_minute` exclusive; a window crossing midnight belongs to the day it starts on; an
 * unresolvable zone leaves the policy active and says so.
 */
/**
 * Local day and minute memoised per zone formatter and UTC minute: every zone in use today has a
 * whole-minute offset, so the answer cannot change within one UTC minute. The memo only saves
 * work; the result is the same as computing it afresh.
 */
export type ZoneMemo = Map<Intl.DateTimeFormat, { utcMinute: number; day: number; minute: number }>;

export function scheduleActive(prepared: PreparedSchedule, now: Date, memo?: ZoneMemo): ScheduleResult {
  if (!prepared.formatter)
    return {
      active: true,
      code: 'schedule.zone_unresolvable',
      text: 'the schedule zone could not be resolved; policy left active',
    };
  const utcMinute = Math.floor(now.getTime() / 60_000);
  let local = memo?.get(prepared.formatter);
  if (!local || local.utcMinute !== utcMinute) {
    local = { utcMinute, ...localDayMinute(prepared.formatter, now) };
    memo?.set(prepared.formatter, local);
  }
  const { start_minute: start, end_minute: end } = prepared.schedule;
  const { day, minute } = local;
  let active: boolean;
  if (start < end) active = prepared.days.has(day) && minute >= start && minute < end;
  else
    active =
      (prepared.days.has(day) && minute >= start) || (prepared.days.has((day + 6) % 7) && minute < end);
  return active ? IN_WINDOW : OUTSIDE_WINDOW;
}

// Fixed answers, shared and frozen: a decision asks once per scheduled policy.
const IN_WINDOW: ScheduleResult = Object.freeze({
  active: true,
  code: 'schedule.in_window',
  text: 'inside the scheduled window',
});
const OUTSIDE_WINDOW: ScheduleResult = Object.freeze({
  active: false,
  code: 'schedule.outside_window',
  text: 'outside the scheduled window',
});
