/**
 * The scanner skips a pattern over a window whose longest digit group is shorter than the one
 * every match must hold (digit-group.ts; issue 24: speed). A bound read too high would silently
 * lose hits: the reader is checked on hand-made sources and, for every catalogue pattern, against
 * the matches of generated text.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { longestDigitGroup, minDigitGroup } from '../../src/detectors/digit-group.js';
import { BUILTIN_DETECTORS } from '../../src/detectors/index.js';

describe('minDigitGroup reads a bound only where it is certain', () => {
  test.each([
    ['\\d{9}', 9],
    ['[1-9]\\d{10}', 10],
    ['\\d{12,19}', 12],
    ['\\d{2} ?\\d{2} ?№? ?\\d{6}', 6],
    ['(?:\\d{2})?\\d{6}[-+]\\d{4}', 6],
    ['(?:19|20)\\d{10}', 10],
    ['\\d{3}(?<s>[ -]?)\\d{3}\\k<s>\\d{4}', 4],
  ])('%s → %i', (source, bound) => {
    expect(minDigitGroup(source)).toBe(bound);
  });

  test.each([
    ['\\d{9}|x', 'a top-level alternation'],
    ['(?:\\d{9})?', 'an optional group'],
    ['(?=\\d{9})x', 'a lookahead'],
    ['[\\d{9}]', 'a character class'],
    ['\\d{9}?x', 'a quantifier after the count'],
    ['\\d{0,4}', 'a count that may be zero'],
    ['\\\\d{9}', 'an escaped backslash'],
    ['x+', 'no digits at all'],
  ])('%s → 0 (%s)', (source) => {
    expect(minDigitGroup(source)).toBe(0);
  });

  test('longestDigitGroup counts ASCII digits only', () => {
    expect(longestDigitGroup('ab 12-3456 7')).toBe(4);
    expect(longestDigitGroup('١٢٣٤٥')).toBe(0);
    expect(longestDigitGroup('')).toBe(0);
    // With a cap it stops reading once a group is that long (the scanner's bound check).
    expect(longestDigitGroup('ab 12-3456 7', 3)).toBe(3);
    expect(longestDigitGroup('ab 12-3456 7', 9)).toBe(4);
  });
});

const bounded = BUILTIN_DETECTORS.flatMap((d) =>
  d.patterns.flatMap((p, i) => {
    const bound = minDigitGroup(p.source);
    return bound > 1 ? [{ name: `${d.id} pattern ${i}`, pattern: p, bound }] : [];
  }),
);

describe('catalogue patterns: every match holds a digit group as long as the bound', () => {
  test('the bound applies to the national-id and number patterns', () => {
    expect(bounded.length).toBeGreaterThanOrEqual(40);
  });

  const token = fc.oneof(
    {
      weight: 10,
      arbitrary: fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '04', '19', '20'),
    },
    { weight: 3, arbitrary: fc.constantFrom(' ', '.', '-', '/', '+', '(', ')', '\u00a0', '№', ':', 'AA') },
    { weight: 3, arbitrary: fc.constantFrom('A', 'C', 'N', 'P', 'S', 'U', 'X', 'Z', 'AZE', 'ЕК', 'x', 'W') },
  );
  const text = fc.array(token, { minLength: 6, maxLength: 60 }).map((t) => t.join(''));

  test('generated text: matches of every bounded pattern hold the bound', () => {
    let matched = 0;
    const compiled = bounded.map(({ pattern, bound }) => ({
      re: new RegExp(pattern.source, `gu${pattern.case_insensitive ? 'i' : ''}`),
      bound,
    }));
    fc.assert(
      fc.property(text, (t) => {
        for (const { re, bound } of compiled) {
          for (const m of t.matchAll(re)) {
            matched++;
            expect(longestDigitGroup(m[0])).toBeGreaterThanOrEqual(bound);
          }
        }
      }),
      { numRuns: 3000 },
    );
    // The generator does reach the patterns (otherwise the property proves nothing).
    expect(matched).toBeGreaterThan(1000);
  });
});
