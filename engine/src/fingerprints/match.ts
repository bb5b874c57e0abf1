/**
 * Probing a passage against a corpus, and deciding a rule on the probe. Coverage is measured on
 * the protected side: the share of one protected document's fingerprints found anywhere in the
 * passage, so a pasted paragraph counts against the document it came from, however long the
 * passage around it is. The passage's shingles are all taken (not winnowed), which is what makes
 * every kept fingerprint of a copied stretch findable.
 */
import { type FingerprintIndex, forEachDocument, type HashTable } from './fingerprint-index.js';
import { shingleHashes } from './hash.js';
import {
  DEFAULT_MIN_COVERAGE,
  type FingerprintMatchKind,
  isCoverage,
  PARTIAL_MIN_FINGERPRINTS,
  settingsProblem,
} from './settings.js';
import { exactTokens, normalisedTokens } from './tokens.js';

export interface DocumentCoverage {
  readonly document: number;
  /** Share of the document's exact fingerprints found, 0..1. */
  readonly exact: number;
  /** Share of the document's normalised fingerprints found, 0..1. */
  readonly normalised: number;
  /** Distinct normalised fingerprints of the document found. */
  readonly matched: number;
}

export interface CorpusProbe {
  /** The passage has fewer tokens than one shingle: it cannot be judged (not the same as no match). */
  readonly tooShort: boolean;
  /** Documents with any fingerprint found, best normalised coverage first. */
  readonly documents: readonly DocumentCoverage[];
}

/** Per document, how many of its fingerprints occur in the passage (each distinct hash once). */
function countFound(t: HashTable, passage: readonly number[], counts: Uint32Array): void {
  const sorted = Float64Array.from(passage).sort();
  const bump = (d: number) => {
    counts[d]! += 1;
  };
  for (let i = 0; i < sorted.length; i += 1) {
    if (i > 0 && sorted[i] === sorted[i - 1]) continue;
    forEachDocument(t, sorted[i]!, bump);
  }
}

export function probeCorpus(index: FingerprintIndex, text: string): CorpusProbe {
  const { settings, documents } = index.corpus;
  if (settingsProblem(settings)) return { tooShort: false, documents: [] };
  const norm = normalisedTokens(text);
  if (norm.length < settings.window) return { tooShort: true, documents: [] };
  if (documents.length === 0) return { tooShort: false, documents: [] };
  const n = new Uint32Array(documents.length);
  const e = new Uint32Array(documents.length);
  countFound(index.normalised, shingleHashes(norm, settings.window), n);
  countFound(index.exact, shingleHashes(exactTokens(text), settings.window), e);
  const out: DocumentCoverage[] = [];
  for (let d = 0; d < documents.length; d += 1) {
    if (n[d] === 0 && e[d] === 0) continue;
    const doc = documents[d]!;
    out.push({
      document: d,
      exact: doc.exact.length === 0 ? 0 : e[d]! / doc.exact.length,
      normalised: n[d]! / doc.normalised.length,
      matched: n[d]!,
    });
  }
  out.sort((a, b) => b.normalised - a.normalised || b.exact - a.exact || a.document - b.document);
  return { tooShort: false, documents: out };
}

export interface FingerprintRule {
  readonly kind: FingerprintMatchKind;
  /** Share of one protected document that must be found; the kind's default when absent. */
  readonly minCoverage?: number;
}

export type RuleOutcome =
  | { readonly result: 'match'; readonly document: number; readonly coverage: number }
  | { readonly result: 'no_match' }
  | { readonly result: 'too_short' };

function coverageFor(kind: FingerprintMatchKind, d: DocumentCoverage): number {
  return kind === 'exact' ? d.exact : d.normalised;
}

/** Decides a rule on a probe: the best-covered document that reaches the threshold, if any. */
export function decideFingerprintRule(probe: CorpusProbe, rule: FingerprintRule): RuleOutcome {
  if (probe.tooShort) return { result: 'too_short' };
  const min = rule.minCoverage ?? DEFAULT_MIN_COVERAGE[rule.kind];
  if (!isCoverage(min)) return { result: 'no_match' };
  let best: { document: number; coverage: number } | null = null;
  for (const d of probe.documents) {
    const c = coverageFor(rule.kind, d);
    if (c < min) continue;
    if (rule.kind === 'partial' && d.matched < PARTIAL_MIN_FINGERPRINTS) continue;
    if (!best || c > best.coverage) best = { document: d.document, coverage: c };
  }
  return best ? { result: 'match', ...best } : { result: 'no_match' };
}
