import { describe, expect, test } from 'vitest';
import { voenValid } from '../../../src/detectors/validators/voen.js';

describe('Azerbaijani VÖEN (reference §2.7)', () => {
  test.each(['1401555071', '1400057421'])('accepts %s', (n) => expect(voenValid(n)).toBe(true));

  test('left-pads a 9-digit value with 0', () => {
    // 0401555072 is not from the reference; build one: weights over 04015550 → check digit.
    const w = [4, 1, 8, 6, 2, 7, 5, 3];
    const body = '04015550';
    const check = body.split('').reduce((s, d, i) => s + Number(d) * w[i]!, 0) % 11;
    expect(check).toBeLessThan(10);
    expect(voenValid(`4015550${check}1`)).toBe(true);
  });

  test.each([
    ['1401555081', 'check digit wrong'],
    ['1400057424', 'last digit neither 1 nor 2'],
    ['140155507', 'nine digits that pad to an invalid number'],
  ])('refuses %s (%s)', (n) => expect(voenValid(n)).toBe(false));
});
