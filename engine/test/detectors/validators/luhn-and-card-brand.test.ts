import { describe, expect, test } from 'vitest';
import { cardBrand, cardIinValid } from '../../../src/detectors/validators/card-brand.js';
import { luhnValid } from '../../../src/detectors/validators/luhn.js';

describe('Luhn (reference §2.1)', () => {
  test.each([
    '4111111111111111',
    '5555555555554444',
    '371449635398431',
    '6011000400000000',
    '3528000700000000',
    '30569309025904',
    '4111 1111 1111 1111',
    '4111-1111-1111-1111',
  ])('accepts published test numbers: %s', (n) => expect(luhnValid(n)).toBe(true));

  test.each([
    '4012888888881882', // Presidio's invalid sample
    '36168002586008',
    '4111111111111112', // near miss: last digit off by one
    '4111111111111121', // near miss: two digits transposed
    '1234567890123456', // a 16-digit number that fails Luhn
  ])('refuses near misses: %s', (n) => expect(luhnValid(n)).toBe(false));
});

describe('card issuer table (reference §2.2)', () => {
  test.each([
    ['4111111111111111', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'], // 2-series 2221–2720
    ['2720999999999996', 'mastercard'],
    ['378282246310005', 'amex'],
    ['30569309025904', 'diners'],
    ['6011000400000000', 'discover'],
    ['3528000700000000', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['6759649826438453', 'maestro'],
    ['2200000000000004', 'mir'], // Mir 2200–2204
    ['2201382000000013', 'mir'],
    ['9792030394440796', 'troy'],
    ['6500830000000002', 'troy'],
  ])('%s is %s', (n, brand) => {
    expect(luhnValid(n)).toBe(true);
    expect(cardBrand(n)).toBe(brand);
  });

  test('refuses prefixes outside every range and lengths an issuer does not use', () => {
    expect(cardIinValid('2721000000000000')).toBe(false); // just past Mastercard 2720
    expect(cardIinValid('2205000000000000')).toBe(false); // just past Mir 2204
    expect(cardIinValid('1234567890123456')).toBe(false);
    expect(cardIinValid('37828224631000')).toBe(false); // Amex is 15 digits, not 14
    expect(cardIinValid('41111111111111')).toBe(false); // Visa has no 14-digit numbers
  });
});
