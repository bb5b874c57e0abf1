/**
 * Tenant detectors (issue 3): validated at write time without echoing values, compiled into the
 * same set through re2js, and linear-time whatever the pattern.
 */
import { describe, expect, test } from 'vitest';
import {
  BUILTIN_DETECTORS,
  type CustomDetectorSpec,
  compileDetectors,
  DetectorCompileError,
  scan,
  validateCustomDetector,
} from '../../src/detectors/index.js';

const base: CustomDetectorSpec = {
  id: 'tenant.employee_id',
  version: 1,
  category: 'national_id',
  pattern: 'EMP-[0-9]{6}',
  keywords: ['employee', 'işçi*', 'сотрудник*', 'əməkdaş*'],
  confidence: 75,
};

describe('validateCustomDetector', () => {
  test('a sound spec has no errors', () => {
    expect(validateCustomDetector(base)).toEqual([]);
  });

  test.each([
    ['(a)\\1', 'backreference'],
    ['(?=secret)\\w+', 'lookahead'],
    ['[unclosed', 'syntax error'],
    ['a{1001}', 'repetition over RE2 limit'],
  ])('refuses %s (%s) by naming the field, never the pattern', (pattern) => {
    const errors = validateCustomDetector({ ...base, pattern });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.field).toBe('pattern');
    expect(errors[0]!.message).not.toContain(pattern);
  });

  test('refuses a pattern that matches empty text, and an over-long pattern', () => {
    expect(validateCustomDetector({ ...base, pattern: 'x*' })).toEqual([
      { field: 'pattern', message: 'must not match empty text' },
    ]);
    expect(validateCustomDetector({ ...base, pattern: 'a'.repeat(1001) })[0]?.field).toBe('pattern');
  });

  test('names every bad field', () => {
    const bad = {
      ...base,
      id: '',
      version: 0,
      category: 'medical',
      confidence: 70,
      validator: 'crc32',
      proximity: 5000,
      keywords: ['ok', 'x'],
    } as unknown as CustomDetectorSpec;
    const fields = validateCustomDetector(bad).map((e) => e.field);
    expect(fields).toEqual([
      'id',
      'version',
      'category',
      'confidence',
      'validator',
      'proximity',
      'keywords[1]',
    ]);
  });

  test('a value that is not an object is refused as a whole', () => {
    expect(validateCustomDetector(null as unknown as CustomDetectorSpec)).toEqual([
      { field: 'detector', message: 'must be an object' },
    ]);
  });

  test('keyword_required needs keywords', () => {
    expect(validateCustomDetector({ ...base, keywords: [], keyword_required: true })).toEqual([
      { field: 'keywords', message: 'are required when keyword_required is true' },
    ]);
  });
});

describe('custom detectors in the compiled set', () => {
  test('found alongside built-ins, with the keyword ladder in any language', () => {
    const compiled = compileDetectors(BUILTIN_DETECTORS, [base]);
    const text = 'İşçi nömrəsi EMP-004211, card 4111111111111111; ref EMP-123456';
    const findings = scan(compiled, text);
    const custom = findings.find((f) => f.detector_id === 'tenant.employee_id')!;
    expect(custom).toMatchObject({ detector_version: 1, category: 'national_id' });
    expect(custom.hits.map((h) => [text.slice(h.start, h.end), h.confidence])).toEqual([
      ['EMP-004211', 85],
      ['EMP-123456', 85],
    ]);
    expect(findings.some((f) => f.detector_id === 'payment_card')).toBe(true);
  });

  test('a built-in validator applies to custom matches', () => {
    const compiled = compileDetectors(
      [],
      [{ ...base, id: 'loyalty', pattern: '[0-9]{16}', keywords: [], validator: 'luhn' }],
    );
    const hits = scan(compiled, '4111111111111111 4111111111111112')[0]!.hits;
    expect(hits.map((h) => [h.validated, h.confidence])).toEqual([
      [true, 75],
      [false, 65],
    ]);
  });

  test('keyword_required limits matches to the keyword window', () => {
    const spec = {
      ...base,
      id: 'kw',
      pattern: '[A-Z]{3}[0-9]{3}',
      keywords: ['plaka'],
      keyword_required: true,
      proximity: 20,
    };
    const compiled = compileDetectors([], [spec]);
    const text = `ABC123 ${'x'.repeat(100)} plaka: XYZ789`;
    const hits = scan(compiled, text)[0]!.hits;
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual(['XYZ789']);
  });

  test('offsets are UTF-16 offsets also for the RE2 engine', () => {
    const compiled = compileDetectors([], [{ ...base, keywords: [] }]);
    const text = 'Сотрудник 😀 EMP-000001';
    const h = scan(compiled, text)[0]!.hits[0]!;
    expect(text.slice(h.start, h.end)).toBe('EMP-000001');
  });

  test('an invalid spec or a duplicate id refuses the whole compile with field paths', () => {
    try {
      compileDetectors(BUILTIN_DETECTORS, [{ ...base, pattern: '(a)\\1' }]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DetectorCompileError);
      expect((e as DetectorCompileError).details.map((d) => d.field)).toEqual(['custom[0].pattern']);
    }
    try {
      compileDetectors(BUILTIN_DETECTORS, [{ ...base, id: 'payment_card' }]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DetectorCompileError);
      expect((e as DetectorCompileError).details).toEqual([
        { field: 'custom[0].id', message: 'is used by another detector' },
      ]);
    }
  });
});

describe('a catastrophic-backtracking pattern cannot hang the scan', () => {
  test('(a+)+$ over 100,000 a followed by b completes and finds nothing', () => {
    // A backtracking engine (V8 RegExp) explores 2^n paths here: at n = 30 that is already
    // minutes. RE2 runs one automaton pass, linear in the input, so this returns at once.
    const compiled = compileDetectors([], [{ ...base, id: 'redos', pattern: '(a+)+$', keywords: [] }]);
    const text = `${'a'.repeat(100_000)}b`;
    expect(scan(compiled, text)).toEqual([]);
    // The same pattern still matches where it should.
    expect(scan(compiled, 'xxaaaa')[0]?.hits.map((h) => [h.start, h.end])).toEqual([[2, 6]]);
  });

  test('nested alternation (a|aa)+$ and (.*a){20} answer correctly without blowing up', () => {
    const compiled = compileDetectors(
      [],
      [
        { ...base, id: 'alt', pattern: '(a|aa)+$', keywords: [] },
        { ...base, id: 'star', pattern: '(.*a){20}', keywords: [] },
      ],
    );
    expect(scan(compiled, `${'a'.repeat(50_000)}!`).map((f) => f.detector_id)).toEqual(['star']);
    // 19 a's cannot satisfy (.*a){20}: a backtracking engine tries every split of the text.
    expect(scan(compiled, `${'a'.repeat(19)}${'x'.repeat(20_000)}!`)).toEqual([]);
  });
});
