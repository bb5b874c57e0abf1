import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ibanMod97, ibanValid } from '../../../src/detectors/validators/iban.js';
import { IBAN_REGISTRY } from '../../../src/detectors/validators/iban-registry.js';

describe('IBAN (ISO 13616, reference §2.3)', () => {
  test.each([
    'AZ21NABZ00000000137010001944',
    'TR330006100519786457841326',
    'GB29NWBK60161331926819',
    'DE89370400440532013000',
    'RU0204452560040702810412345678901',
    'GB29 NWBK 6016 1331 9268 19',
    'tr33 0006 1005 1978 6457 8413 26',
  ])('accepts %s', (iban) => expect(ibanValid(iban)).toBe(true));

  test.each([
    ['GB29NWBK60161331926818', 'check digits fail mod 97'],
    ['TR33000610051978645784132', 'one character short of the TR length (26)'],
    ['TR3300061005197864578413261', 'one character over'],
    ['GB29NWBK6016133192681A', 'a letter where GB has digits'],
    ['XX29NWBK60161331926819', 'not a registry country'],
    ['US64SVBKUS6S3300958879', 'the US has no IBAN'],
  ])('refuses %s (%s)', (iban) => expect(ibanValid(iban)).toBe(false));

  test('mod 97 of a valid IBAN is 1', () => {
    expect(ibanMod97('GB29NWBK60161331926819')).toBe(1);
  });

  test('the generated table matches the registry file, including RU, AZ and TR lengths', () => {
    const path = fileURLToPath(
      new URL('../../../../../shared/reference/iban_registry_structure.dat', import.meta.url),
    );
    const lines = readFileSync(path, 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z]{2} /.test(l));
    expect(Object.keys(IBAN_REGISTRY)).toHaveLength(lines.length);
    for (const line of lines) {
      const code = line.slice(0, 2);
      const bban = /bban="([^"]+)"/.exec(line)![1]!;
      const length = 4 + [...bban.matchAll(/(\d+)!/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      expect(IBAN_REGISTRY[code]?.length, code).toBe(length);
    }
    expect(IBAN_REGISTRY['RU']?.length).toBe(33);
    expect(IBAN_REGISTRY['AZ']?.length).toBe(28);
    expect(IBAN_REGISTRY['TR']?.length).toBe(26);
    expect(IBAN_REGISTRY['NO']?.length).toBe(15);
    expect(IBAN_REGISTRY['LC']?.length).toBe(32);
  });
});
