/**
 * Shorthand for catalogue entries: the ladders used across the catalogue and a builder that
 * fills the fields most detectors share. The result is plain DetectorDefinition data.
 */
import type {
  ConfidenceLadder,
  ConfidenceLevel,
  DetectorCategory,
  DetectorDefinition,
  DetectorPattern,
  DetectorTrigger,
  DigitGateId,
  KeywordSet,
  ValidatorId,
} from '../definition.js';

/** Weak checksum (~1 in 10 random numbers pass): high confidence only with a keyword. */
export const WEAK: ConfidenceLadder = { pattern: 65, keyword: 65, validated: 65, validated_keyword: 85 };
/** Checksum plus structure (a date, a check letter): medium alone, high with a keyword. */
export const MEDIUM: ConfidenceLadder = { pattern: 65, keyword: 65, validated: 75, validated_keyword: 85 };
/** Strong check (mod 97, ISO 7064 with digit rules): high alone. */
export const STRONG: ConfidenceLadder = { pattern: 65, keyword: 65, validated: 85, validated_keyword: 85 };
/** Keyword required, no validator: medium with its keyword. */
export const KW_ONLY: ConfidenceLadder = { pattern: 65, keyword: 75, validated: 65, validated_keyword: 75 };
/** Vendor-prefixed secrets: the prefix alone is telling, the validator rules out placeholders. */
export const VENDOR: ConfidenceLadder = { pattern: 75, keyword: 75, validated: 85, validated_keyword: 85 };

export const NO_KEYWORDS: KeywordSet = { en: [], az: [], ru: [], tr: [] };

export function kw(en: string[], az: string[], ru: string[], tr: string[]): KeywordSet {
  return { en, az, ru, tr };
}

export interface Entry {
  id: string;
  category: DetectorCategory;
  description: string;
  patterns: readonly (string | DetectorPattern)[];
  triggers: readonly DetectorTrigger[];
  keywords: KeywordSet;
  confidence: ConfidenceLadder;
  default_confidence: ConfidenceLevel;
  validator?: ValidatorId;
  checks?: readonly ValidatorId[];
  proximity?: number;
  keyword_required?: boolean;
  word_boundaries?: boolean;
  version?: number;
}

export function entry(e: Entry): DetectorDefinition {
  const def: DetectorDefinition = {
    id: e.id,
    version: e.version ?? 1,
    category: e.category,
    description: e.description,
    patterns: e.patterns.map((p) => (typeof p === 'string' ? { source: p } : p)),
    word_boundaries: e.word_boundaries ?? true,
    triggers: e.triggers,
    keywords: e.keywords,
    proximity: e.proximity ?? (e.keyword_required ? 100 : 300),
    keyword_required: e.keyword_required ?? false,
    confidence: e.confidence,
    default_confidence: e.default_confidence,
  };
  if (e.validator) def.validator = e.validator;
  if (e.checks) def.checks = e.checks;
  return def;
}

/** A digit-run trigger (the run must pass `gate`; the pattern runs over the run ± margins). */
export function digits(gate: DigitGateId, back = 0, forward = 0): DetectorTrigger {
  return { kind: 'digits', gate, back, forward };
}

export const KEYWORD: DetectorTrigger = { kind: 'keyword' };

export function anchors(list: string[], back: number, forward: number): DetectorTrigger {
  return { kind: 'literal', anchors: list, back, forward };
}

/** A keyword-gated number with no checksum (passports, numbers without a public check). */
export function keywordNumber(
  e: Omit<Entry, 'triggers' | 'confidence' | 'default_confidence' | 'keyword_required'>,
): DetectorDefinition {
  return entry({
    ...e,
    triggers: [KEYWORD],
    confidence: e.validator ? STRONG : KW_ONLY,
    default_confidence: e.validator ? 85 : 75,
    keyword_required: true,
  });
}
