import { describe, expect, test } from 'vitest';
import { ruInnValid } from '../../../src/detectors/validators/ru-inn.js';
import { ruSnilsValid } from '../../../src/detectors/validators/ru-snils.js';

describe('Russian INN (reference §2.6)', () => {
  test.each(['7707083893', '500100732259', '123456789047'])('accepts %s', (n) =>
    expect(ruInnValid(n)).toBe(true),
  );
  test.each([
    ['123456789037', '12 digits, first check digit wrong'],
    ['500100732258', '12 digits, second check digit wrong'],
    ['7707083894', '10 digits, check digit wrong'],
    ['77070838930', '11 digits'],
  ])('refuses %s (%s)', (n) => expect(ruInnValid(n)).toBe(false));
});

describe('Russian SNILS (reference §2.6)', () => {
  test.each(['112-233-445 95', '11223344595'])('accepts %s', (n) => expect(ruSnilsValid(n)).toBe(true));
  test.each([
    ['112-233-445 96', 'check number wrong'],
    ['112-233-445 9', 'ten digits'],
    ['001-001-997 00', 'at or below 001-001-998, where no check is defined'],
  ])('refuses %s (%s)', (n) => expect(ruSnilsValid(n)).toBe(false));

  test('weighted sums below 100, of 100 and 101, and above 101', () => {
    // Weights 9..1 over the first nine digits.
    expect(ruSnilsValid('009-001-017 76')).toBe(true); // 63 + 4 + 2 + 7 = 76
    expect(ruSnilsValid('222-222-264 00')).toBe(true); // 84 + 12 + 4 = 100 → 00
    expect(ruSnilsValid('222-222-265 00')).toBe(true); // 101 → 00
    expect(ruSnilsValid('222-222-264 01')).toBe(false);
    expect(ruSnilsValid('099-999-100 71')).toBe(true); // 273 mod 101 = 71
  });
});
