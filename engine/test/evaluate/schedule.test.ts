import { describe, expect, it } from 'vitest';
import { decide, preparePolicies } from '../../src/evaluate/index.js';
import type { Schedule } from '../../src/policy/index.js';
import { bundlePolicy, context, event } from './fixtures.js';

function activeAt(schedule: Schedule, iso: string): string {
  const compiled = preparePolicies([bundlePolicy({ policy_id: 'p1', schedule })], []);
  const d = decide(compiled, event(), context({ now: new Date(iso), explain_unmatched: true }));
  if (d.matched_policies.length === 1) {
    const zoneLine = d.matched_policies[0]!.explanation.find((l) => l.code.startsWith('schedule.'));
    return zoneLine?.code === 'schedule.zone_unresolvable' ? 'active-unresolvable' : 'active';
  }
  return d.not_matched?.[0]?.code ?? '?';
}

// Monday to Friday (0 = Monday), 09:00 to 17:00.
const office = (timezone: string): Schedule => ({
  timezone,
  days_of_week: [0, 1, 2, 3, 4],
  start_minute: 540,
  end_minute: 1020,
});

describe('schedules (document 1, evaluation rule 6)', () => {
  it('are evaluated in the policy zone: start inclusive, end exclusive', () => {
    // 2026-11-23 is a Monday. Baku is UTC+4 all year.
    expect(activeAt(office('Asia/Baku'), '2026-11-23T05:00:00Z')).toBe('active');
    expect(activeAt(office('Asia/Baku'), '2026-11-23T04:59:00Z')).toBe('schedule.outside_window');
    expect(activeAt(office('Asia/Baku'), '2026-11-23T13:00:00Z')).toBe('schedule.outside_window');
    expect(activeAt(office('Asia/Baku'), '2026-11-23T12:59:00Z')).toBe('active');
  });

  it('follow daylight saving: 09:00 New York is 14:00 UTC in winter and 13:00 UTC in summer', () => {
    const ny = office('America/New_York');
    // Friday 2026-03-06 (EST, UTC-5) and Monday 2026-03-09 (EDT, UTC-4), around the 8 March change.
    expect(activeAt(ny, '2026-03-06T13:30:00Z')).toBe('schedule.outside_window');
    expect(activeAt(ny, '2026-03-06T14:00:00Z')).toBe('active');
    expect(activeAt(ny, '2026-03-09T13:00:00Z')).toBe('active');
    expect(activeAt(ny, '2026-03-09T12:59:00Z')).toBe('schedule.outside_window');
  });

  it('uses the local day of week, not the UTC one', () => {
    // 2026-11-23 23:30 UTC is already Tuesday 03:30 in Baku; 2026-11-22 (Sunday) 21:00 UTC is Monday 01:00 in Baku.
    const allDay: Schedule = { timezone: 'Asia/Baku', days_of_week: [1], start_minute: 0, end_minute: 1440 };
    expect(activeAt(allDay, '2026-11-23T23:30:00Z')).toBe('active');
    expect(activeAt(allDay, '2026-11-23T12:00:00Z')).toBe('schedule.outside_window');
  });

  it('a window crossing midnight belongs to the day it starts on', () => {
    // Friday only, 22:00 to 06:00: active Friday night and early Saturday, not early Friday.
    const night: Schedule = {
      timezone: 'Europe/Istanbul',
      days_of_week: [4],
      start_minute: 1320,
      end_minute: 360,
    };
    // Istanbul is UTC+3. Friday 2026-11-27 23:00 local = 20:00 UTC.
    expect(activeAt(night, '2026-11-27T20:00:00Z')).toBe('active');
    // Saturday 2026-11-28 05:59 local = 02:59 UTC.
    expect(activeAt(night, '2026-11-28T02:59:00Z')).toBe('active');
    expect(activeAt(night, '2026-11-28T03:00:00Z')).toBe('schedule.outside_window');
    // Friday 2026-11-27 03:00 local belongs to Thursday's window, which is not scheduled.
    expect(activeAt(night, '2026-11-27T00:00:00Z')).toBe('schedule.outside_window');
  });

  it('a midnight-crossing window across a daylight-saving change keeps local wall-clock bounds', () => {
    // Saturday 2026-03-28 22:00 to Sunday 06:00 in Europe/London; clocks go forward at 01:00 UTC on 29 March.
    const night: Schedule = {
      timezone: 'Europe/London',
      days_of_week: [5],
      start_minute: 1320,
      end_minute: 360,
    };
    expect(activeAt(night, '2026-03-29T04:59:00Z')).toBe('active'); // 05:59 BST
    expect(activeAt(night, '2026-03-29T05:00:00Z')).toBe('schedule.outside_window'); // 06:00 BST
  });

  it('one compiled bundle answers correctly as time moves across minutes and a daylight-saving change', () => {
    const compiled = preparePolicies(
      [bundlePolicy({ policy_id: 'p1', schedule: office('America/New_York') })],
      [],
    );
    const at = (iso: string) =>
      decide(compiled, event(), context({ now: new Date(iso) })).matched_policies.length;
    expect(at('2026-03-06T14:00:00Z')).toBe(1);
    expect(at('2026-03-06T13:59:00Z')).toBe(0);
    expect(at('2026-03-09T13:00:00Z')).toBe(1);
    expect(at('2026-03-09T12:59:59Z')).toBe(0);
    expect(at('2026-03-09T13:00:30Z')).toBe(1);
  });

  it('the repeated hour of an autumn change is inside a window both times it occurs', () => {
    // Saturday 2026-10-24 22:00 to Sunday 02:00 in Europe/London; clocks go back at 01:00 UTC on 25 October.
    const night: Schedule = {
      timezone: 'Europe/London',
      days_of_week: [5],
      start_minute: 1320,
      end_minute: 120,
    };
    expect(activeAt(night, '2026-10-25T00:30:00Z')).toBe('active'); // 01:30 BST
    expect(activeAt(night, '2026-10-25T01:30:00Z')).toBe('active'); // 01:30 GMT, the same wall-clock time again
    expect(activeAt(night, '2026-10-25T02:00:00Z')).toBe('schedule.outside_window'); // 02:00 GMT
  });

  it('an unresolvable zone leaves the policy active and the decision says so', () => {
    expect(activeAt(office('Mars/Olympus_Mons'), '2026-11-23T02:00:00Z')).toBe('active-unresolvable');
  });
});
