/**
 * Building a corpus: each protected document becomes two sorted sets of winnowed shingle hashes,
 * one over exact tokens and one over normalised tokens. Nothing of the text is kept; a document
 * too short for one shingle keeps no fingerprint and is counted as such.
 */
import { shingleHashes } from './hash.js';
import { type CorpusSettings, settingsProblem } from './settings.js';
import { exactTokens, normalisedTokens } from './tokens.js';
import { winnow } from './winnow.js';

export interface DocumentFingerprints {
  readonly exact: readonly number[];
  readonly normalised: readonly number[];
}

export interface FingerprintCorpus {
  readonly settings: CorpusSettings;
  readonly documents: readonly DocumentFingerprints[];
}

export function fingerprintDocument(text: string, settings: CorpusSettings): DocumentFingerprints {
  return {
    exact: winnow(shingleHashes(exactTokens(text), settings.window), settings.winnow),
    normalised: winnow(shingleHashes(normalisedTokens(text), settings.window), settings.winnow),
  };
}

export class CorpusSettingsError extends Error {
  constructor(readonly field: 'window' | 'winnow') {
    super(`corpus ${field} is out of range`);
  }
}

/** Fingerprints of every document; documents with no fingerprint are left out and counted. */
export function buildCorpus(
  texts: Iterable<string>,
  settings: CorpusSettings,
): { corpus: FingerprintCorpus; tooShort: number } {
  const problem = settingsProblem(settings);
  if (problem) throw new CorpusSettingsError(problem);
  const documents: DocumentFingerprints[] = [];
  let tooShort = 0;
  for (const text of texts) {
    const fp = fingerprintDocument(text, settings);
    if (fp.normalised.length === 0) tooShort += 1;
    else documents.push(fp);
  }
  return { corpus: { settings, documents }, tooShort };
}
