/**
 * `min_digits` on a catalogue pattern lets the scanner skip windows with fewer digits (issue 24:
 * speed). A bound above the true minimum would silently lose hits, so each annotated pattern is
 * run over generated digit-and-separator text: every match must hold at least that many digits.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BUILTIN_DETECTORS } from '../../src/detectors/index.js';

const annotated = BUILTIN_DETECTORS.flatMap((d) =>
  d.patterns.flatMap((p, i) => (p.min_digits ? [{ name: `${d.id} pattern ${i}`, pattern: p }] : [])),
);

const digitsIn = (s: string): number => s.replace(/[^0-9]/g, '').length;

describe('min_digits bounds of the catalogue patterns', () => {
  test('some patterns carry a bound (the phone forms)', () => {
    expect(annotated.length).toBeGreaterThanOrEqual(6);
  });

  test.each(annotated)('$name: every match holds at least min_digits digits', ({ pattern }) => {
    const re = new RegExp(pattern.source, `gu${pattern.case_insensitive ? 'i' : ''}`);
    const min = pattern.min_digits!;
    const token = fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9') },
      {
        weight: 3,
        arbitrary: fc.constantFrom(' ', '.', '-', '\u00a0', '(', ')', '+', '00', '0 ', '8 ', '1-'),
      },
    );
    let matched = 0;
    fc.assert(
      fc.property(fc.array(token, { minLength: 12, maxLength: 40 }), (tokens) => {
        const text = tokens.join('');
        for (const m of text.matchAll(re)) {
          matched++;
          expect(digitsIn(m[0])).toBeGreaterThanOrEqual(min);
        }
      }),
      { numRuns: 3000 },
    );
    // The generator does reach the pattern (otherwise the property proves nothing).
    expect(matched).toBeGreaterThan(0);
  });
});
