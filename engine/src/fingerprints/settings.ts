/**
 * The numbers a corpus is built with and a rule matches with. Settings outside these ranges are
 * refused where a person writes them (server) and match nothing where they are read (engine), so a
 * damaged or hand-made bundle can never turn a corpus into a match-everything rule.
 */

export const FINGERPRINT_MATCH_KINDS = ['exact', 'normalised', 'partial'] as const;
export type FingerprintMatchKind = (typeof FINGERPRINT_MATCH_KINDS)[number];

export interface CorpusSettings {
  /** Tokens per shingle. */
  readonly window: number;
  /** Shingles per winnowing run. */
  readonly winnow: number;
}

export const CORPUS_LIMITS = {
  windowMin: 4,
  windowMax: 32,
  winnowMin: 1,
  winnowMax: 32,
} as const;

export const DEFAULT_CORPUS_SETTINGS: CorpusSettings = { window: 8, winnow: 8 };

/** Coverage thresholds used when a rule names none (share of one protected document's fingerprints). */
export const DEFAULT_MIN_COVERAGE: Readonly<Record<FingerprintMatchKind, number>> = {
  exact: 0.9,
  normalised: 0.9,
  partial: 0.02,
};

/** A partial match also needs this many distinct fingerprints of the document, so a short protected
 * text is not matched by one shared phrase. */
export const PARTIAL_MIN_FINGERPRINTS = 5;

export function settingsProblem(s: CorpusSettings): 'window' | 'winnow' | null {
  if (
    !Number.isInteger(s.window) ||
    s.window < CORPUS_LIMITS.windowMin ||
    s.window > CORPUS_LIMITS.windowMax
  ) {
    return 'window';
  }
  if (
    !Number.isInteger(s.winnow) ||
    s.winnow < CORPUS_LIMITS.winnowMin ||
    s.winnow > CORPUS_LIMITS.winnowMax
  ) {
    return 'winnow';
  }
  return null;
}

/** A usable coverage threshold: above zero and at most one. */
export function isCoverage(x: number): boolean {
  return Number.isFinite(x) && x > 0 && x <= 1;
}
