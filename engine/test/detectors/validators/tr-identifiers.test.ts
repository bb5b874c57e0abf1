import { describe, expect, test } from 'vitest';
import { tcknValid } from '../../../src/detectors/validators/tckn.js';
import { vknValid } from '../../../src/detectors/validators/vkn.js';

describe('T.C. Kimlik No (reference §2.4)', () => {
  test.each(['10000000146', '76543210794', '36493665440'])('accepts %s', (n) =>
    expect(tcknValid(n)).toBe(true),
  );

  test.each([
    ['10000000145', 'second check digit wrong'],
    ['10000000157', 'first check digit wrong, second consistent with it'],
    ['12345678900', 'both wrong'],
    ['02531814694', 'leading zero'],
    ['1000000014', 'ten digits'],
  ])('refuses %s (%s)', (n) => expect(tcknValid(n)).toBe(false));

  test('each check digit is verified on its own', () => {
    // 10000000146 with d10 changed and d11 recomputed over the changed digits: d10 must still fail.
    const digits = '100000001'.split('').map(Number);
    const d10 = 5; // correct is 4
    const d11 = (digits.reduce((a, b) => a + b, 0) + d10) % 10;
    expect(tcknValid(`100000001${d10}${d11}`)).toBe(false);
  });
});

describe('Turkish VKN (reference §2.5)', () => {
  test('accepts 4540536920', () => expect(vknValid('4540536920')).toBe(true));
  test.each(['4540536921', '4540536929', '454053692', '45405369200'])('refuses %s', (n) =>
    expect(vknValid(n)).toBe(false),
  );
});
