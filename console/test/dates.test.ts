import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../src/i18n/dates.js';

/** Dates in the person's zone and formats from /auth/me (document 3). */
describe('formatDateTime', () => {
  const at = '2026-03-01T21:30:05.000Z';
  it('uses the zone and both patterns', () => {
    expect(formatDateTime(at, { timezone: 'UTC', date_format: 'YYYY-MM-DD', time_format: 'HH:mm' })).toBe(
      '2026-03-01 21:30',
    );
    expect(
      formatDateTime(at, { timezone: 'Europe/Istanbul', date_format: 'DD.MM.YYYY', time_format: 'HH:mm:ss' }),
    ).toBe('02.03.2026 00:30:05');
    expect(
      formatDateTime(at, { timezone: 'Asia/Baku', date_format: 'DD/MM/YYYY', time_format: 'HH:mm' }),
    ).toBe('02/03/2026 01:30');
  });
  it('falls back to UTC for an unknown zone and shows a dash for no date', () => {
    expect(
      formatDateTime(at, { timezone: 'Not/AZone', date_format: 'YYYY-MM-DD', time_format: 'HH:mm' }),
    ).toBe('2026-03-01 21:30');
    expect(formatDateTime(null, undefined)).toBe('—');
    expect(formatDateTime('not a date', undefined)).toBe('—');
  });
});
