/** The literal prefilter of tenant detectors may skip a document only when no match is possible. */
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, test } from 'vitest';
import { requiredLiteral } from '../../src/detectors/custom-literal.js';
import { type CustomDetectorSpec, compileDetectors, scan } from '../../src/detectors/index.js';

describe('requiredLiteral', () => {
  test.each([
    ['EMP-[0-9]{6}', false, 'EMP-'],
    ['(?i)project\\s+falcon', false, 'project'],
    ['INV\\.2024-\\d+', false, 'INV.2024-'],
    ['abc+d', false, 'abc'],
    ['abcd?', false, 'abc'],
  ])('%s → %s', (pattern, ci, literal) => expect(requiredLiteral(pattern, ci)).toBe(literal));

  test.each([
    ['abc|def', 'top-level alternation'],
    ['(abc)def', 'group first'],
    ['ab?cdef', 'too short before an optional character'],
    ['[A-Z]{3}\\d+', 'class first'],
    ['^abc', 'anchor first'],
  ])('%s has none (%s)', (pattern) => expect(requiredLiteral(pattern, false)).toBeUndefined());

  test('case-insensitive literals with k or s are not used (RE2 folds them with Kelvin sign and long s)', () => {
    expect(requiredLiteral('(?i)secret-[0-9]+', false)).toBeUndefined();
    expect(requiredLiteral('token-[0-9]+', true)).toBeUndefined();
    expect(requiredLiteral('(?i)project', false)).toBe('project');
  });
});

const specs: CustomDetectorSpec[] = [
  { id: 'emp', version: 1, category: 'national_id', pattern: 'EMP-[0-9]{3}', confidence: 75 },
  { id: 'falcon', version: 1, category: 'financial', pattern: '(?i)project\\s+falcon', confidence: 85 },
  { id: 'inv', version: 1, category: 'financial', pattern: 'İNV-[0-9]+', confidence: 75 },
];

describe('tenant detectors behind the literal prefilter', () => {
  const compiled = compileDetectors([], specs);

  test('skipped when the literal is absent, found when present (any case for (?i))', () => {
    expect(scan(compiled, 'nothing to see, EM-123, projec falcon')).toEqual([]);
    const text = 'PROJECT   Falcon and EMP-042 and İNV-7';
    expect(
      scan(compiled, text).map((f) => [f.detector_id, f.hits.map((h) => text.slice(h.start, h.end))]),
    ).toEqual([
      ['emp', ['EMP-042']],
      ['falcon', ['PROJECT   Falcon']],
      ['inv', ['İNV-7']],
    ]);
  });

  test('property: the same matches as RE2 run over the whole text', () => {
    const piece = fc.constantFrom(
      'EMP-',
      'emp-',
      '123',
      'project',
      'PROJECT',
      ' ',
      '\t',
      'falcon',
      'FALCON',
      'İNV-',
      'INV-',
      'ı',
      'x',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        const findings = scan(compiled, text);
        for (const spec of specs) {
          const m = RE2JS.compile(spec.pattern).matcher(text);
          const expected: [number, number][] = [];
          while (m.find()) expected.push([m.start(), m.end()]);
          const got = (findings.find((f) => f.detector_id === spec.id)?.hits ?? []).map((h) => [
            h.start,
            h.end,
          ]);
          expect(got).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });
});
