import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validatePolicyVersion } from '../../src/policy/index.js';

const NOW = new Date('2026-11-22T12:00:00Z');

/** Places a submitted string can go; each is a refusal or an accepted text, never echoed back. */
const PLACES: ((v: string) => Record<string, unknown>)[] = [
  (v) => ({ name: v.repeat(40) }),
  (v) => ({ severity: v }),
  (v) => ({ response: v }),
  (v) => ({ change_reason: v }),
  (v) => ({ description: v }),
  (v) => ({ schedule: { timezone: v, days_of_week: [0], start_minute: 0, end_minute: 60 } }),
  (v) => ({ scope: { [v]: ['x'] } }),
  (v) => ({
    scope: {
      include_targets: [
        {
          kind: 'directory_group',
          source: { type: 'windows_directory', domain_sid: 'S-1-5-21-1-2-3' },
          object_id: v,
        },
      ],
    },
  }),
  (v) => ({ condition: { op: v } }),
  (v) => ({ connection: { mode: 'deny', applications: [`C:\\${v}.exe`], destinations: [{ address: v }] } }),
  (v) => ({ notifications: { user_messages: { en: `${v} \\d+` } } }),
  (v) => ({ exceptions: [{ id: 'x', reason: v, approved_by: '', scope: {} }] }),
];

describe('write-time refusals name the field, never the value', () => {
  it('property: no error message contains the submitted text', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 6, maxLength: 40 }).filter((s) => /[A-Za-z]{6}/.test(s)),
        fc.integer({ min: 0, max: PLACES.length - 1 }),
        (value, place) => {
          const input = {
            name: 'n',
            severity: 'low',
            scope: {},
            condition: { op: 'always' },
            response: 'audit',
            change_reason: 'a valid reason',
            ...PLACES[place]!(value),
          };
          for (const e of validatePolicyVersion(input, { now: NOW })) {
            expect(e.message).not.toContain(value);
            if (place !== 6) expect(e.field).not.toContain(value);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
