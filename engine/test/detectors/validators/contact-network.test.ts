import { describe, expect, test } from 'vitest';
import { emailValid } from '../../../src/detectors/validators/email.js';
import { ipv4Valid } from '../../../src/detectors/validators/ipv4.js';
import { ipv6Valid } from '../../../src/detectors/validators/ipv6.js';
import { phoneShapeValid, phoneValid } from '../../../src/detectors/validators/phone.js';

describe('phone numbers', () => {
  test.each([
    '+90 532 123 45 67',
    '+994 50 123 45 67',
    '+7 912 345-67-89',
    '+1 (212) 555-0100',
    '+44 20 7946 0958',
    '0532 123 45 67',
    '8 (912) 345-67-89',
  ])('accepts %s', (n) => expect(phoneValid(n)).toBe(true));
  test.each([
    ['+90 532 123 45 6', 'TR national number one digit short'],
    ['+994 50 123 45 678', 'AZ national number one digit long'],
    ['+7 912 345-67-8', 'RU short'],
    ['+0123456789', 'country code cannot start with 0'],
    ['+1234567890123456', 'over 15 digits'],
  ])('refuses %s (%s)', (n) => expect(phoneValid(n)).toBe(false));
});

describe('phone numbers per country (issue 24: national lengths of fixed-length plans)', () => {
  test.each([
    '+380 67 123 4567',
    '+995 555 12 34 56',
    '+998 90 123 45 67',
    '+44 20 7946 0958',
    '+48 512 345 678',
  ])('accepts %s', (n) => expect(phoneValid(n)).toBe(true));
  test.each([
    ['+380 67 123 456', 'Ukraine: 8 national digits'],
    ['+995 555 12 34 567', 'Georgia: 10 national digits'],
    ['+998 90 123 45 6', 'Uzbekistan: 8 national digits'],
    ['+44 20 7946 095', 'UK: 9 national digits'],
  ])('refuses %s (%s)', (n) => expect(phoneValid(n)).toBe(false));
});

describe('phone shape', () => {
  test('a bare digit string is a phone only with a trunk prefix', () => {
    for (const v of [
      '05321234567',
      '0501234567',
      '89123456789',
      '00905321234567',
      '(212) 555-0100',
      '+79123456789',
    ]) {
      expect(phoneShapeValid(v), v).toBe(true);
    }
    for (const v of ['7707083893', '5321234567', '2125550100']) expect(phoneShapeValid(v), v).toBe(false);
  });
});

describe('IP addresses', () => {
  test.each(['192.168.1.10', '0.0.0.0', '255.255.255.255'])('IPv4 accepts %s', (a) =>
    expect(ipv4Valid(a)).toBe(true),
  );
  test.each(['256.1.1.1', '01.2.3.4', '1.2.3', '1.2.3.4.5'])('IPv4 refuses %s', (a) =>
    expect(ipv4Valid(a)).toBe(false),
  );
  test.each([
    'fe80::1',
    '2001:db8::1',
    '::1',
    '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
    '::ffff:192.168.1.1',
  ])('IPv6 accepts %s', (a) => expect(ipv6Valid(a)).toBe(true));
  test.each(['1::2::3', '2001:db8:85a3:0:0:8a2e:370', '12345::1', 'fe80::1::'])('IPv6 refuses %s', (a) =>
    expect(ipv6Valid(a)).toBe(false),
  );
});

describe('e-mail', () => {
  test('accepts an address and refuses an asset name that looks like one', () => {
    expect(emailValid('john.doe@example.com')).toBe(true);
    expect(emailValid('icon@2x.png')).toBe(false);
    expect(emailValid(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });
});
