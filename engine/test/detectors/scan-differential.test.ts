/**
 * Differential property test (issue 24, scan speed): the optimised scanner reports exactly what
 * the scanner before the speed work reported (reference/old-*.ts, kept verbatim in test code),
 * on random text assembled from the pieces the prefilter reacts to — digits and separators,
 * keywords in four languages and their case/diacritic variants, anchors, real values, letters
 * that change length when lower-cased, and line breaks.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildAhoCorasick } from '../../src/detectors/aho-corasick.js';
import type { DigitRun } from '../../src/detectors/digit-runs.js';
import {
  BUILTIN_DETECTORS,
  type CustomDetectorSpec,
  compileDetectors,
  scan,
} from '../../src/detectors/index.js';
import { prefilterPass } from '../../src/detectors/prefilter-pass.js';
import { foldText } from '../../src/detectors/text/unicode.js';
import { compileReference } from './reference/old-compile.js';
import { prefilterPass as oldPrefilterPass } from './reference/old-prefilter-pass.js';
import { scan as oldScan } from './reference/old-scanner.js';

const CUSTOM: CustomDetectorSpec[] = [
  { id: 'employee_id', version: 1, category: 'national_id', pattern: 'EMP-[0-9]{6}', confidence: 75 },
  {
    id: 'contract_no',
    version: 1,
    category: 'financial',
    pattern: '[A-Z]{2}[0-9]{8}',
    keywords: ['contract', 'müqavilə', 'договор', 'sözleşme'],
    keyword_required: true,
    confidence: 75,
  },
  {
    id: 'ticket',
    version: 1,
    category: 'contact',
    pattern: 'T-[0-9]{5}',
    keywords: ['ticket', 'bilet*'],
    confidence: 65,
  },
];

const compiled = compileDetectors(BUILTIN_DETECTORS, CUSTOM);
const reference = compileReference(BUILTIN_DETECTORS, CUSTOM);

const keywords = BUILTIN_DETECTORS.flatMap((d) => [
  ...d.keywords.en,
  ...d.keywords.az,
  ...d.keywords.ru,
  ...d.keywords.tr,
])
  .map((k) => k.replace(/\*$/, ''))
  .filter((k) => k.length > 0);

const VALUES = [
  '4111 1111 1111 1111',
  '5555555555554444',
  'TR33 0006 1005 1978 6457 8413 26',
  'AZ21NABZ00000000137010001944',
  '10000000146',
  '7707083893',
  '112-233-445 95',
  '078-05-1121',
  'ivan.petrov@example.org',
  '+7 912 345-67-89',
  '050 123 45 67',
  'AKIAQYLPMN5HHHFPZAM2',
  'DB_PASSWORD="Xy9#kq2!pLm"',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  '1401555071',
  '10.0.0.1',
  'fe80::1',
  'AB 12 34 56 C',
  '12/03/1985',
  'postgres://app:S3cr3t!x@db.internal/app',
  'EMP-123456',
  'KZ12345678',
  'T-12345',
];

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...VALUES) },
  { weight: 3, arbitrary: fc.constantFrom(...keywords, 'CONTRACT', 'Bilete', 'TICKET') },
  { weight: 3, arbitrary: fc.stringMatching(/^[0-9]{1,16}$/) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      ' ',
      '  ',
      '\n',
      '\n\n',
      ': ',
      '-',
      '.',
      '/',
      '(',
      ')',
      ':',
      '::',
      '\u00a0',
      '#',
      '№',
      ', ',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom('İ', 'ı', 'ş', 'Ё', 'ё', 'x', 'Z', 'й', '_', '@', 'q~', 'sg.', '://', '"'),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 6 }) },
);

const text = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(''));

describe('optimised scanner = reference scanner', () => {
  test('same findings on random text (built-ins and tenant detectors)', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(scan(compiled, t)).toEqual(oldScan(reference, t));
      }),
      { numRuns: 600 },
    );
  });

  test('same findings on longer text (the prefilter runs in WebAssembly from 64 characters)', () => {
    const long = fc.array(piece, { minLength: 40, maxLength: 400 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(long, (t) => {
        expect(scan(compiled, t)).toEqual(oldScan(reference, t));
      }),
      { numRuns: 150 },
    );
  });

  test('same findings with previews and a hit limit', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 3 }), (t, limit) => {
        const options = { previews: true, max_hits_per_detector: limit };
        expect(scan(compiled, t, options)).toEqual(oldScan(reference, t, options));
      }),
      { numRuns: 200 },
    );
  });

  test('same findings where detectors share a pattern (one run per window, handed to each)', () => {
    // \d{9}, \d{10}, \d{11}, \d{12} and the Russian document form belong to several detectors;
    // digit groups of those lengths, their keywords and separators reach every sharer.
    const shared = fc.oneof(
      { weight: 5, arbitrary: fc.stringMatching(/^[0-9]{9,12}$/) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '7707083893',
          '10000000146',
          '45 06 123456',
          '45 06 № 123456',
          '123456789',
        ),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom('ИНН ', 'VÖEN ', 'PESEL ', 'паспорт ', 'BSN ', 'ИИН ', 'СНИЛС ', 'EGN '),
      },
      { weight: 3, arbitrary: fc.constantFrom(' ', '\n', ', ', '-', '.', 'x', '№ ') },
    );
    const sharedText = fc.array(shared, { minLength: 1, maxLength: 80 }).map((p) => p.join(''));
    fc.assert(
      fc.property(sharedText, fc.integer({ min: 1, max: 4 }), (t, limit) => {
        expect(scan(compiled, t)).toEqual(oldScan(reference, t));
        const options = { max_hits_per_detector: limit };
        expect(scan(compiled, t, options)).toEqual(oldScan(reference, t, options));
      }),
      { numRuns: 300 },
    );
    expect(compiled.sharedPatterns).toBeGreaterThanOrEqual(5);
  });

  test('same prefilter matches and digit runs', () => {
    const patterns = ['he', 'she', 'kart', 'ИНН', 'şifre', '::', '@'];
    const ac = buildAhoCorasick(patterns.map(foldText));
    const collect = (pass: typeof prefilterPass, t: string, min: number) => {
      const matches: number[] = [];
      const runs: DigitRun[] = [];
      pass(
        ac,
        t,
        min,
        (id, end) => matches.push(id, end),
        (r) => runs.push({ ...r }),
      );
      return { matches, runs };
    };
    const digitsText = fc
      .array(
        fc.constantFrom(
          '1',
          '23',
          '4567',
          ' ',
          '-',
          '.',
          '/',
          '(',
          ')',
          ':',
          '\u00a0',
          'a',
          'she',
          'İnn',
          '\n',
        ),
        {
          maxLength: 40,
        },
      )
      .map((p) => p.join(''));
    fc.assert(
      fc.property(digitsText, fc.integer({ min: 1, max: 6 }), (t, min) => {
        expect(collect(prefilterPass, t, min)).toEqual(collect(oldPrefilterPass, t, min));
      }),
      { numRuns: 1000 },
    );
  });
});
