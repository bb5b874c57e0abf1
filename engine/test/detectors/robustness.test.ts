/**
 * The scanner on hostile and random input: it always finishes (the vitest timeout is the bound;
 * no timing is asserted), and its output keeps its invariants.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BUILTIN_DETECTORS, CONFIDENCE_LEVELS, compileDetectors, scan } from '../../src/detectors/index.js';

const compiled = compileDetectors(BUILTIN_DETECTORS);
const N = 200_000;

describe('adversarial inputs complete', () => {
  test.each([
    ['one long digit run', '1'.repeat(N)],
    ['digits separated by spaces', '1 '.repeat(N / 2)],
    ['repeated @', 'a@'.repeat(N / 2)],
    ['repeated JWT prefix', 'eyJ'.repeat(N / 3)],
    ['private-key headers without END', '-----BEGIN PRIVATE KEY-----\n'.repeat(N / 28)],
    ['a private-key header over a huge body', `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(N)}`],
    ['colons', ':'.repeat(N)],
    ['IBAN prefixes', 'TR33 '.repeat(N / 5)],
    ['dense keywords', 'kart kimlik ИНН '.repeat(N / 16)],
    ['dotted digits', '1.'.repeat(N / 2)],
    ['Turkish letters that change length when lower-cased', 'İıŞşĞğ'.repeat(N / 6)],
  ])('%s', (_, text) => {
    const findings = scan(compiled, text, { max_hits_per_detector: 1000 });
    for (const f of findings) expect(f.hits.length).toBeLessThanOrEqual(1000);
  });
});

const alphabet = fc.constantFrom(
  ...'0123456789 -./():@+=_"\'\nabcxyzAKIAeyJİıЁёИНН'.split(''),
  '4111 1111 1111 1111',
  'TR33 0006 1005 1978 6457 8413 26',
  '10000000146',
  'kart',
  'ИНН',
  'password=',
  '-----BEGIN PRIVATE KEY-----',
  '::',
);
const texts = fc.array(alphabet, { maxLength: 60 }).map((parts) => parts.join(''));

describe('output invariants (property)', () => {
  test('hits lie inside the text, are ordered, do not overlap, and use the three levels', () => {
    fc.assert(
      fc.property(texts, (text) => {
        for (const f of scan(compiled, text)) {
          let lastEnd = 0;
          for (const h of f.hits) {
            expect(h.start).toBeGreaterThanOrEqual(lastEnd);
            expect(h.end).toBeGreaterThan(h.start);
            expect(h.end).toBeLessThanOrEqual(text.length);
            expect(CONFIDENCE_LEVELS).toContain(h.confidence);
            expect(h).not.toHaveProperty('preview');
            lastEnd = h.end;
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test('a neutral prefix shifts every offset and changes nothing else', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const prefix = '\n\n\n';
        const plain = scan(compiled, text);
        const shifted = scan(compiled, prefix + text).map((f) => ({
          ...f,
          hits: f.hits.map((h) => ({ ...h, start: h.start - prefix.length, end: h.end - prefix.length })),
        }));
        expect(shifted).toEqual(plain);
      }),
      { numRuns: 300 },
    );
  });
});
