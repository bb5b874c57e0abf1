import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/modules/incidents/time-ordered-id.js';

describe('timeOrderedId (UUID version 7)', () => {
  it('is a version-7, variant-1 UUID carrying the milliseconds, sorting by time', () => {
    const a = timeOrderedId(new Date('2026-01-15T09:00:00.000Z'));
    const b = timeOrderedId(new Date('2026-01-15T09:00:00.001Z'));
    for (const id of [a, b])
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(a.replace(/-/g, '').slice(0, 12), 16)).toBe(
      Date.parse('2026-01-15T09:00:00.000Z'),
    );
    expect(a < b).toBe(true);
    expect(timeOrderedId(new Date(0))).not.toBe(timeOrderedId(new Date(0)));
  });

  it('never repeats across refills of its random pool', () => {
    const now = new Date('2026-01-15T09:00:00.000Z');
    const ids = new Set<string>();
    for (let i = 0; i < 2_000; i += 1) ids.add(timeOrderedId(now));
    expect(ids.size).toBe(2_000);
  });
});
