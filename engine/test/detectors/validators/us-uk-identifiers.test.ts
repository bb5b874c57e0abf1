import { describe, expect, test } from 'vitest';
import { abaValid } from '../../../src/detectors/validators/aba.js';
import { swiftBicValid } from '../../../src/detectors/validators/swift-bic.js';
import { ukNinoValid } from '../../../src/detectors/validators/uk-nino.js';
import { usSsnValid } from '../../../src/detectors/validators/us-ssn.js';

describe('US SSN ranges (reference §2.8)', () => {
  test.each(['536-90-4399', '078-05-1121', '772-11-2345'])('accepts %s', (n) =>
    expect(usSsnValid(n)).toBe(true),
  );
  test.each([
    ['000-12-3456', 'area 000'],
    ['666-12-3456', 'area 666'],
    ['900-12-3456', 'area 900–999'],
    ['999-12-3456', 'area 900–999'],
    ['123-00-4567', 'group 00'],
    ['123-45-0000', 'serial 0000'],
    ['078-05-1120', 'the Woolworth sample'],
    ['219-09-9999', 'the advertised sample'],
    ['111-11-1111', 'all digits equal'],
  ])('refuses %s (%s)', (n) => expect(usSsnValid(n)).toBe(false));
});

describe('US ABA routing number', () => {
  test.each(['021000021', '011000015', '122105155', '026009593'])('accepts %s', (n) =>
    expect(abaValid(n)).toBe(true),
  );
  test.each([
    ['021000022', 'checksum'],
    ['991000021', 'prefix outside the Federal Reserve ranges'],
    ['12345678', 'eight digits'],
  ])('refuses %s (%s)', (n) => expect(abaValid(n)).toBe(false));
});

describe('UK National Insurance number', () => {
  test.each(['AB123456C', 'AB 12 34 56 C', 'JG103759A'])('accepts %s', (n) =>
    expect(ukNinoValid(n)).toBe(true),
  );
  test.each([
    ['AB123456E', 'suffix past D'],
    ['BG123456A', 'unallocated prefix'],
    ['DA123456A', 'first letter D'],
    ['AO123456A', 'second letter O'],
    ['AB12345C', 'five digits'],
  ])('refuses %s (%s)', (n) => expect(ukNinoValid(n)).toBe(false));
});

describe('SWIFT/BIC structure', () => {
  test.each(['DEUTDEFF', 'DEUTDEFF500', 'NABZAZ2X', 'TCZBTR2A'])('accepts %s', (n) =>
    expect(swiftBicValid(n)).toBe(true),
  );
  test.each([
    ['DEUTQQFF', 'QQ is not a country'],
    ['DEUT1EFF', 'digit in the country code'],
    ['DEUTDEFF50', 'ten characters'],
  ])('refuses %s (%s)', (n) => expect(swiftBicValid(n)).toBe(false));
});
