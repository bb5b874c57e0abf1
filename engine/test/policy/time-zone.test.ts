import { describe, expect, it } from 'vitest';
import { isIanaZone, isOffsetZoneName } from '../../src/policy/index.js';

describe('schedule zones (document 1, evaluation rule 6)', () => {
  it('accepts every zone name this runtime knows', () => {
    const refused = Intl.supportedValuesOf('timeZone').filter((z) => !isIanaZone(z));
    expect(refused).toEqual([]);
  });

  it('refuses offsets in every spelling, including the fixed-offset Etc zones', () => {
    for (const z of [
      'GMT+4',
      'gmt-3',
      'UTC+04:00',
      'UTC\u22124',
      '+04:00',
      '-0500',
      'Etc/GMT-4',
      'Etc/GMT+12',
    ]) {
      expect(isOffsetZoneName(z)).toBe(true);
      expect(isIanaZone(z)).toBe(false);
    }
  });

  it('refuses names Intl cannot resolve', () => {
    expect(isIanaZone('Mars/Olympus_Mons')).toBe(false);
    expect(isIanaZone('')).toBe(false);
  });
});
