import { describe, expect, test } from 'vitest';
import { shingleHashes } from '../../src/fingerprints/hash.js';
import { winnow } from '../../src/fingerprints/winnow.js';
import {
  buildCorpus,
  CorpusDecodeError,
  CorpusSettingsError,
  decideFingerprintRule,
  decodeFingerprints,
  encodeFingerprints,
  fingerprintDocument,
  foldWord,
  indexCorpus,
  normalisedTokens,
  probeCorpus,
} from '../../src/index.js';
import { documentText, rng } from './generated-text.js';

const SETTINGS = { window: 8, winnow: 4 };
const doc = documentText(rng(1), 6).join('\n\n');
const other = documentText(rng(2), 6).join('\n\n');

function indexOf(texts: string[], settings = SETTINGS) {
  return indexCorpus(buildCorpus(texts, settings).corpus);
}

describe('tokens', () => {
  test('case, punctuation and the Turkish i do not change normalised tokens', () => {
    expect(normalisedTokens('İSTANBUL, Istanbul; ıstanbul — istanbul!')).toEqual([
      'istanbul',
      'istanbul',
      'istanbul',
      'istanbul',
    ]);
    expect(normalisedTokens('Ａｂｃ ① x-y')).toEqual(['abc', '1', 'x', 'y']);
  });

  test('folding the whole text gives the tokens of folding word by word', () => {
    const byWord = (text: string) =>
      [...text.normalize('NFKC').matchAll(/[\p{L}\p{N}]+/gu)].map((m) => foldWord(m[0]));
    const samples = ['ΟΔΟΣ ΟΔΟΣ. σοφός', 'Straße STRASSE ﬁne', 'ǄEMAL ǅ', 'ŞİŞLİ şişli A\u0130B', 'İ̇i'];
    const r = rng(5);
    const pieces = ['İ', 'ı', 'I', ' ', ', ', 'Σ', 'ς', 'Ǆ', 'ﬃ', 'a', 'Z', 'é', '1'];
    for (let i = 0; i < 2_000; i += 1)
      samples.push(Array.from({ length: 24 }, () => pieces[Math.floor(r() * pieces.length)]).join(''));
    for (const text of samples) expect(normalisedTokens(text), text).toEqual(byWord(text));
    // One deliberate difference: a dotted i typed as i + U+0307 no longer splits its word.
    expect(normalisedTokens('i\u0307stanbul')).toEqual(['istanbul']);
    expect(byWord('i\u0307stanbul')).toEqual(['i', 'stanbul']);
  });
});

describe('winnowing', () => {
  test('a shared stretch of window + winnow - 1 tokens always shares a kept fingerprint', () => {
    const r = rng(11);
    for (let trial = 0; trial < 200; trial += 1) {
      const a = documentText(r, 2).join(' ');
      const b = documentText(r, 2).join(' ');
      const tokens = normalisedTokens(a);
      const at = Math.floor(r() * (tokens.length - 11));
      const stretch = tokens.slice(at, at + SETTINGS.window + SETTINGS.winnow - 1).join(' ');
      const kept = new Set(fingerprintDocument(a, SETTINGS).normalised);
      const passage = shingleHashes(normalisedTokens(`${b} ${stretch} ${b}`), SETTINGS.window);
      expect(passage.some((h) => kept.has(h))).toBe(true);
    }
  });

  test('keeps the smallest of a sequence shorter than one run', () => {
    expect(winnow([5, 3, 9], 4)).toEqual([3]);
    expect(winnow([], 4)).toEqual([]);
  });
});

describe('matching', () => {
  test('an exact copy matches its document; a recased copy only the normalised kinds', () => {
    const index = indexOf([other, doc]);
    const exact = probeCorpus(index, doc);
    expect(decideFingerprintRule(exact, { kind: 'exact' })).toEqual({
      result: 'match',
      document: 1,
      coverage: 1,
    });
    const recased = probeCorpus(index, doc.toUpperCase().replace(/\./g, ';'));
    expect(decideFingerprintRule(recased, { kind: 'exact' })).toEqual({ result: 'no_match' });
    expect(decideFingerprintRule(recased, { kind: 'normalised' })).toMatchObject({
      result: 'match',
      document: 1,
    });
  });

  test('a passage shorter than one shingle is too short, not a non-match', () => {
    const index = indexOf([doc]);
    const probe = probeCorpus(index, 'seven words are not enough here');
    expect(probe.tooShort).toBe(true);
    expect(decideFingerprintRule(probe, { kind: 'partial' })).toEqual({ result: 'too_short' });
    expect(decideFingerprintRule(probeCorpus(index, other), { kind: 'partial' })).toEqual({
      result: 'no_match',
    });
  });

  test('an empty corpus, a zero threshold and a nonsense window match nothing', () => {
    const empty = indexCorpus({ settings: SETTINGS, documents: [] });
    expect(decideFingerprintRule(probeCorpus(empty, doc), { kind: 'normalised' })).toEqual({
      result: 'no_match',
    });
    const index = indexOf([doc]);
    for (const minCoverage of [0, -1, 1.5, Number.NaN]) {
      expect(decideFingerprintRule(probeCorpus(index, doc), { kind: 'exact', minCoverage })).toEqual({
        result: 'no_match',
      });
    }
    const built = buildCorpus([doc], SETTINGS).corpus;
    for (const window of [0, 3, 33, 2.5, Number.NaN]) {
      const damaged = indexCorpus({ ...built, settings: { window, winnow: 4 } });
      expect(decideFingerprintRule(probeCorpus(damaged, doc), { kind: 'exact' })).toEqual({
        result: 'no_match',
      });
    }
  });

  test('building refuses settings out of range, naming the setting', () => {
    expect(() => buildCorpus([doc], { window: 3, winnow: 4 })).toThrow(CorpusSettingsError);
    try {
      buildCorpus([doc], { window: 8, winnow: 0 });
    } catch (e) {
      expect((e as CorpusSettingsError).field).toBe('winnow');
    }
  });

  test('a document too short for one shingle is counted, not kept', () => {
    const { corpus, tooShort } = buildCorpus([doc, 'too short', ''], SETTINGS);
    expect(corpus.documents).toHaveLength(1);
    expect(tooShort).toBe(2);
  });
});

describe('transmitted form', () => {
  test('round-trips and refuses damaged data', () => {
    const docs = buildCorpus([doc, other], SETTINGS).corpus.documents;
    const data = encodeFingerprints(docs);
    expect(decodeFingerprints(data)).toEqual(docs);
    const bytes = Buffer.from(data, 'base64');
    expect(() => decodeFingerprints(bytes.subarray(0, bytes.length - 3).toString('base64'))).toThrow(
      CorpusDecodeError,
    );
    expect(() => decodeFingerprints(Buffer.concat([bytes, Buffer.from([1])]).toString('base64'))).toThrow(
      CorpusDecodeError,
    );
    expect(() =>
      decodeFingerprints(
        Buffer.from([1, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]).toString('base64'),
      ),
    ).toThrow(CorpusDecodeError);
  });
});
