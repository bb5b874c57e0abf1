/** The prefilter pass: Aho-Corasick over folded text and digit-run tracking in one loop. */
import { describe, expect, test } from 'vitest';
import { buildAhoCorasick } from '../../src/detectors/aho-corasick.js';
import { DIGIT_GATES, type DigitRun } from '../../src/detectors/digit-runs.js';
import { prefilterPass } from '../../src/detectors/prefilter-pass.js';
import { foldText } from '../../src/detectors/text/unicode.js';

function matches(patterns: string[], text: string): [string, number, number][] {
  const ac = buildAhoCorasick(patterns.map(foldText));
  const out: [string, number, number][] = [];
  prefilterPass(
    ac,
    text,
    1,
    (id, end) => out.push([patterns[id]!, end - patterns[id]!.length, end]),
    undefined,
  );
  return out;
}

function runs(text: string): (Omit<DigitRun, 'start' | 'end'> & { text: string })[] {
  const out: (Omit<DigitRun, 'start' | 'end'> & { text: string })[] = [];
  prefilterPass(
    buildAhoCorasick([]),
    text,
    1,
    () => {},
    (r) => {
      const { start, end, ...stats } = r;
      out.push({ ...stats, text: text.slice(start, end) });
    },
  );
  return out;
}

describe('Aho-Corasick', () => {
  test('reports every occurrence, overlapping and nested ones included', () => {
    expect(matches(['he', 'she', 'his', 'hers'], 'ushers')).toEqual([
      ['she', 1, 4],
      ['he', 2, 4],
      ['hers', 2, 6],
    ]);
  });

  test('matches case- and Turkic-diacritic-insensitively with original offsets', () => {
    const text = 'xx KREDİ KARTI ve kredi karti ve ŞİFRE';
    expect(matches(['kredi kartı', 'şifre'], text)).toEqual([
      ['kredi kartı', 3, 14],
      ['kredi kartı', 18, 29],
      ['şifre', 33, 38],
    ]);
  });

  test('Cyrillic keywords, ё folded to е', () => {
    expect(matches(['счет'], 'Номер СЧЁТА')).toEqual([['счет', 6, 10]]);
  });

  test('an empty pattern set finds nothing', () => {
    expect(matches([], 'anything')).toEqual([]);
  });
});

describe('digit runs', () => {
  test('digits joined by up to two separators form one run; three end it', () => {
    expect(runs('tel +90 (532) 123-45-67 x').map((r) => r.text)).toEqual(['90 (532) 123-45-67']);
    expect(runs('1 - 2').map((r) => r.text)).toEqual(['1', '2']);
    expect(runs('4111 1111 1111 1111.')).toEqual([
      { text: '4111 1111 1111 1111', digits: 16, maxGroup: 4, dots: 0, colons: 0, doubleColon: false },
    ]);
  });

  test('dots, colons and :: are counted for the network gates', () => {
    expect(runs('ip 10.0.0.1')[0]).toMatchObject({ dots: 3, colons: 0 });
    expect(runs('at 12:30:45')[0]).toMatchObject({ colons: 2, doubleColon: false });
    expect(runs('fe80::1')[0]).toMatchObject({ text: '80::1', doubleColon: true });
  });

  test('a run at the very end of the text is reported', () => {
    expect(runs('id 12345678901').map((r) => r.text)).toEqual(['12345678901']);
  });

  test('gates admit only runs that could hold their format', () => {
    const gate = (id: keyof typeof DIGIT_GATES, text: string) => {
      const r = runs(text)[0]!;
      return DIGIT_GATES[id](
        { ...r, start: text.indexOf(r.text), end: text.indexOf(r.text) + r.text.length },
        text,
      );
    };
    expect(gate('payment_card', '4111 1111 1111 1111')).toBe(true);
    expect(gate('payment_card', '12345')).toBe(false);
    expect(gate('eleven_plus', '10000000146')).toBe(true);
    expect(gate('eleven_plus', '100-000-001 46')).toBe(false);
    expect(gate('snils', '112-233-445 95')).toBe(true);
    expect(gate('ipv4', '10.0.0.1')).toBe(true);
    expect(gate('ipv4', '2026-11-22')).toBe(false);
    expect(gate('ipv6', '12:30:45')).toBe(false);
    expect(gate('uk_nino', 'AB 12 34 56 C')).toBe(true);
    expect(gate('uk_nino', 'ab 12 34 56 C')).toBe(false);
  });
});
