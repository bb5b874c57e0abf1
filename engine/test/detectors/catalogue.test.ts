/** The built-in catalogue is data: these tests hold it to its own contract. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  BUILTIN_DETECTORS,
  CONFIDENCE_LEVELS,
  compileDetectors,
  DETECTOR_CATEGORIES,
  isValidatorId,
  VALIDATOR_IDS,
} from '../../src/detectors/index.js';

const REQUIRED_IDS = [
  'payment_card',
  'iban',
  'swift_bic',
  'us_ssn',
  'us_aba_routing',
  'uk_nino',
  'tr_tckn',
  'tr_vkn',
  'az_fin',
  'az_voen',
  'ru_inn',
  'ru_snils',
  'email',
  'phone',
  'ipv4',
  'ipv6',
  'private_key',
  'aws_access_key_id',
  'aws_secret_key',
  'github_token',
  'slack_token',
  'google_api_key',
  'jwt',
  'password_assignment',
];

describe('built-in catalogue', () => {
  test('holds every detector issue 3 lists, each id once', () => {
    const ids = BUILTIN_DETECTORS.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(REQUIRED_IDS));
  });

  test.each(BUILTIN_DETECTORS.map((d) => [d.id, d] as const))('%s is well formed', (_, d) => {
    expect(Number.isInteger(d.version) && d.version >= 1).toBe(true);
    expect(DETECTOR_CATEGORIES).toContain(d.category);
    expect(d.patterns.length).toBeGreaterThan(0);
    expect(d.triggers.length).toBeGreaterThan(0);
    for (const id of [...(d.checks ?? []), ...(d.validator ? [d.validator] : [])])
      expect(isValidatorId(id)).toBe(true);
    for (const level of Object.values(d.confidence)) expect(CONFIDENCE_LEVELS).toContain(level);
    expect(d.proximity).toBeGreaterThan(0);
    expect(d.proximity).toBeLessThanOrEqual(1000);
    // A keyword-required detector must have keywords in every language, and a keyword trigger.
    if (d.keyword_required) {
      for (const lang of ['en', 'az', 'ru', 'tr'] as const)
        expect(d.keywords[lang].length).toBeGreaterThan(0);
      expect(d.triggers.some((t) => t.kind === 'keyword')).toBe(true);
    }
  });

  test('non-credential detectors have keywords in English, Azerbaijani, Russian and Turkish', () => {
    for (const d of BUILTIN_DETECTORS.filter((x) => x.category !== 'credentials')) {
      for (const lang of ['en', 'az', 'ru', 'tr'] as const)
        expect(d.keywords[lang].length, `${d.id} ${lang}`).toBeGreaterThan(0);
    }
  });

  test('the catalogue is frozen data', () => {
    expect(Object.isFrozen(BUILTIN_DETECTORS)).toBe(true);
    expect(Object.isFrozen(BUILTIN_DETECTORS[0]!.keywords.en)).toBe(true);
  });

  test('compiles as a whole and per detector', () => {
    expect(compileDetectors(BUILTIN_DETECTORS).detectors).toHaveLength(BUILTIN_DETECTORS.length);
    for (const d of BUILTIN_DETECTORS) expect(compileDetectors([d]).detectors[0]!.id).toBe(d.id);
  });
});

test('docs/detectors.md documents every built-in detector and every validator id', () => {
  const doc = readFileSync(new URL('../../../docs/detectors.md', import.meta.url), 'utf8');
  for (const d of BUILTIN_DETECTORS)
    expect(doc, d.id).toContain(`| \`${d.id}\` | ${d.version} | ${d.category} |`);
  for (const id of VALIDATOR_IDS) expect(doc, id).toContain(`\`${id}\``);
});
