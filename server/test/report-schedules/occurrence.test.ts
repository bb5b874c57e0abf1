import { describe, expect, it } from 'vitest';
import {
  isKnownZone,
  nextOccurrence,
  type ScheduleTime,
  upcoming,
} from '../../src/modules/report-schedules/occurrence.js';

const at = (s: string) => new Date(s);
const iso = (d: Date[]) => d.map((x) => x.toISOString());
const daily = (timezone: string, local_minute: number): ScheduleTime => ({
  timezone,
  local_minute,
  cadence: 'daily',
  day: null,
});

/** Document 2, Schedule rules: IANA zones, daylight-saving changes and short months. */
describe('schedule occurrences', () => {
  it('moves a nonexistent local time (Berlin, spring forward) to the first real minute that date', () => {
    // 2026-03-29: 02:00 CET jumps to 03:00 CEST; 02:30 does not exist that day.
    const runs = upcoming(daily('Europe/Berlin', 2 * 60 + 30), at('2026-03-27T12:00:00Z'), 4);
    expect(iso(runs)).toEqual([
      '2026-03-28T01:30:00.000Z', // 02:30 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST, the first real minute after 02:30
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
      '2026-03-31T00:30:00.000Z',
    ]);
  });

  it('runs a repeated local hour (Berlin, fall back) once, at its first instant', () => {
    // 2026-10-25: 03:00 CEST goes back to 02:00 CET; 02:30 happens twice.
    const runs = upcoming(daily('Europe/Berlin', 2 * 60 + 30), at('2026-10-24T12:00:00Z'), 3);
    expect(iso(runs)).toEqual([
      '2026-10-25T00:30:00.000Z', // the first 02:30 (CEST); the second (01:30Z) is not a run
      '2026-10-26T01:30:00.000Z',
      '2026-10-27T01:30:00.000Z',
    ]);
    // Counting from between the two 02:30s does not find the second one either.
    expect(nextOccurrence(daily('Europe/Berlin', 150), at('2026-10-25T01:00:00Z')).toISOString()).toBe(
      '2026-10-26T01:30:00.000Z',
    );
  });

  it('keeps a fixed offset in a zone without daylight saving (Istanbul, UTC+3 all year)', () => {
    const s = daily('Europe/Istanbul', 2 * 60 + 30);
    expect(iso(upcoming(s, at('2026-03-28T12:00:00Z'), 2))).toEqual([
      '2026-03-28T23:30:00.000Z',
      '2026-03-29T23:30:00.000Z',
    ]);
    expect(iso(upcoming(s, at('2026-10-24T12:00:00Z'), 2))).toEqual([
      '2026-10-24T23:30:00.000Z',
      '2026-10-25T23:30:00.000Z',
    ]);
  });

  it('skips the months without a 31st', () => {
    const s: ScheduleTime = {
      timezone: 'Europe/Istanbul',
      local_minute: 9 * 60,
      cadence: 'monthly',
      day: 31,
    };
    expect(iso(upcoming(s, at('2026-01-01T00:00:00Z'), 4))).toEqual([
      '2026-01-31T06:00:00.000Z',
      '2026-03-31T06:00:00.000Z',
      '2026-05-31T06:00:00.000Z',
      '2026-07-31T06:00:00.000Z',
    ]);
  });

  it('runs weekly on the named day with Monday = 0', () => {
    const s: ScheduleTime = { timezone: 'UTC', local_minute: 8 * 60, cadence: 'weekly', day: 0 };
    // 2026-11-26 is a Thursday; the next Monday is the 30th.
    expect(iso(upcoming(s, at('2026-11-26T09:00:00Z'), 2))).toEqual([
      '2026-11-30T08:00:00.000Z',
      '2026-12-07T08:00:00.000Z',
    ]);
    expect(nextOccurrence({ ...s, day: 6 }, at('2026-11-26T09:00:00Z')).toISOString()).toBe(
      '2026-11-29T08:00:00.000Z',
    );
  });

  it('counts strictly after the given instant', () => {
    const s = daily('UTC', 0);
    expect(nextOccurrence(s, at('2026-05-01T00:00:00Z')).toISOString()).toBe('2026-05-02T00:00:00.000Z');
    expect(nextOccurrence(s, at('2026-04-30T23:59:59Z')).toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });

  it('knows IANA zone names and refuses the rest', () => {
    expect(isKnownZone('Europe/Berlin')).toBe(true);
    expect(isKnownZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isKnownZone('UTC')).toBe(true);
    expect(isKnownZone('Mars/Olympus')).toBe(false);
    expect(isKnownZone('+03:00')).toBe(false);
    expect(isKnownZone('')).toBe(false);
  });
});
