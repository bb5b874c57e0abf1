/**
 * Digit gates (digit-runs.ts `digitGateBits`; issue 24: speed) must admit every digit run that
 * holds a match of the patterns they guard: for each built-in detector whose only triggers are
 * digit runs, every match of its patterns in generated text lies in the window of a run that
 * one of its gates admits — otherwise the scanner would never run the pattern there.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DIGIT_GATES, type DigitRun } from '../../src/detectors/digit-runs.js';
import { BUILTIN_DETECTORS } from '../../src/detectors/index.js';
import { digitRunPass } from '../../src/detectors/prefilter-pass.js';

/** The scanner's MIN_RUN_DIGITS: shorter runs open no window. */
const MIN_RUN_DIGITS = 4;
const WORD = '[\\p{L}\\p{M}\\p{N}_]';

/**
 * Known cuts: the phone gate refuses runs with a colon (clock times), so a number glued to `:`
 * and more digits is not read as a phone number (phone is checked on text without `:`); the
 * Irish PPSN's gate wants a run of exactly seven digits, so a PPSN joined to an earlier number by
 * a space or `-` (`00000000 1234567T`) is not seen (left out). Both predate issue 24's gate work
 * (docs/detectors.md).
 */
const KNOWN_CUTS = new Set(['ie_ppsn']);
const NO_COLON = new Set(['phone']);

/** A fixed fast-check seed for each detector, from its id. */
const seedOf = (id: string) => [...id].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);

const digitOnly = BUILTIN_DETECTORS.filter(
  (d) => d.triggers.length > 0 && d.triggers.every((t) => t.kind === 'digits') && !KNOWN_CUTS.has(d.id),
);

const token = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'0123456789'.split('')) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(...' -./():'.split(''), '\u00a0', '  ', '\n', '::', ', ', '+', '00', '+7 '),
  },
  { weight: 3, arbitrary: fc.constantFrom(...'ABCDEFGHJKLMNPRSTWXYZ'.split(''), 'AB ', 'QQ', 'GB ') },
  { weight: 1, arbitrary: fc.constantFrom('a', 'x', 'ü', 'Ж', '_', 'T') },
  // Whole digit groups make the longer formats (NINO pairs, DNI's eight digits) likely.
  { weight: 2, arbitrary: fc.stringMatching(/^(?:[0-9]{2}|[0-9]{6}|[0-9]{8})$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('AB 12 34 56 C', 'QQ123456A', 'JG 123456 D', '12345678Z', '00000023-T'),
  },
);

describe('digit gates admit every run with a match', () => {
  test('the UK NINO and the Spanish DNI are guarded by digit gates only', () => {
    expect(digitOnly.map((d) => d.id)).toEqual(expect.arrayContaining(['uk_nino', 'es_dni']));
  });

  test('refinements: two capitals before a NINO, a letter after a DNI', () => {
    const admits = (id: keyof typeof DIGIT_GATES, text: string) => {
      let ok = false;
      digitRunPass(text, MIN_RUN_DIGITS, (r) => {
        ok ||= DIGIT_GATES[id](r, text);
      });
      return ok;
    };
    expect(admits('uk_nino', 'AB 12 34 56 C')).toBe(true);
    expect(admits('uk_nino', 'AB123456C')).toBe(true);
    expect(admits('uk_nino', '2026-11-22T22:17:05.123Z')).toBe(false);
    expect(admits('eight_letter', '12345678Z')).toBe(true);
    expect(admits('eight_letter', '12345678-Z')).toBe(true);
    expect(admits('eight_letter', 'No 5 12345678Z')).toBe(true);
    expect(admits('eight_letter', 'build 20261122\n')).toBe(false);
    expect(admits('phone', 'build 20261122\n')).toBe(false);
    expect(admits('phone', 'tel +44 20 7946 0958')).toBe(true);
    expect(admits('phone', 'tel 0044 207946')).toBe(true);
    expect(admits('phone', '0501234567')).toBe(true);
  });

  test.each(digitOnly.map((d) => ({ id: d.id, d })))('$id', ({ id, d }) => {
    const patterns = d.patterns.map((p) => {
      const boundaries = p.word_boundaries ?? d.word_boundaries;
      const source = boundaries ? `(?<!${WORD})(?:${p.source})(?!${WORD})` : p.source;
      return new RegExp(source, `gu${p.case_insensitive ? 'i' : ''}`);
    });
    const triggers = d.triggers.flatMap((t) => (t.kind === 'digits' ? [t] : []));
    let matched = 0;
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), (tokens) => {
        const joined = tokens.join('');
        const text = NO_COLON.has(id) ? joined.replaceAll(':', ' ') : joined;
        const runs: DigitRun[] = [];
        digitRunPass(text, MIN_RUN_DIGITS, (r) => runs.push({ ...r }));
        for (const re of patterns) {
          for (const m of text.matchAll(re)) {
            if (m[0].length === 0) continue;
            matched++;
            const start = m.index;
            const end = start + m[0].length;
            // The pattern runs from the window's start over the window plus one character.
            const covered = runs.some((r) =>
              triggers.some(
                (t) =>
                  DIGIT_GATES[t.gate](r, text) && start >= r.start - t.back && end <= r.end + t.forward + 1,
              ),
            );
            expect(covered, `${id}: ${JSON.stringify(m[0])} in ${JSON.stringify(text)}`).toBe(true);
          }
        }
      }),
      // A fixed seed per detector (tests are deterministic): a random one let the count of matches
      // below fall under its floor now and then (8 of 1,500 runs for es_dni once in CI).
      { numRuns: 1500, seed: seedOf(id) },
    );
    if (id === 'uk_nino' || id === 'es_dni' || id === 'phone') expect(matched).toBeGreaterThan(10);
  });
});
