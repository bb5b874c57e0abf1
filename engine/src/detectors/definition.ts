/**
 * The shape of a detector in the catalogue. A detector is data: the scanner compiles it once
 * (document 1: agents evaluate with the same detection engine the server uses), so nothing here
 * holds code. Validators are named by id and live in `validators/`.
 */

import type { ValidatorId } from './validators/index.js';
import type { WindowGateId } from './window-gates.js';

export type { ValidatorId } from './validators/index.js';

/** Data categories a `category` condition aggregates over (document 1, Conditions). */
export const DETECTOR_CATEGORIES = ['financial', 'national_id', 'contact', 'network', 'credentials'] as const;
export type DetectorCategory = (typeof DETECTOR_CATEGORIES)[number];

/** The three confidence levels of the reference model: low, medium, high. */
export const CONFIDENCE_LEVELS = [65, 75, 85] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

/**
 * Confidence of a hit by the evidence it carries (reference model: pattern → validator →
 * keyword in proximity). A hit whose validator failed always scores `pattern`.
 */
export interface ConfidenceLadder {
  /** pattern alone, or a failed validator */
  pattern: ConfidenceLevel;
  /** pattern and a supporting keyword within the proximity window */
  keyword: ConfidenceLevel;
  /** validator passed (detectors without a validator use `pattern`) */
  validated: ConfidenceLevel;
  /** validator passed and a keyword within the proximity window */
  validated_keyword: ConfidenceLevel;
}

/** Supporting keywords in the four product languages. `word*` also matches suffixed forms. */
export interface KeywordSet {
  en: readonly string[];
  az: readonly string[];
  ru: readonly string[];
  tr: readonly string[];
}

/**
 * What lets the prefilter admit a detector for a region of text:
 * - `literal`: one of the anchors occurs (case-insensitive, Turkish-aware folding); the pattern
 *   then runs from `back` characters before the anchor to `forward` characters after it;
 * - `digits`: a run of digits (with single separators) passes the named gate;
 * - `keyword`: one of the detector's keywords occurs; the pattern runs within the proximity window.
 */
export type DetectorTrigger =
  | { kind: 'literal'; anchors: readonly string[]; back: number; forward: number }
  | { kind: 'digits'; gate: DigitGateId; back: number; forward: number }
  | { kind: 'keyword' };

/** Named tests on a digit run (see digit-runs.ts); cheap enough to run on every run. */
export type DigitGateId =
  | 'payment_card'
  | 'us_ssn'
  | 'nine_plus'
  | 'ten_plus'
  | 'eleven_plus'
  | 'snils'
  | 'phone'
  | 'ipv4'
  | 'ipv6'
  | 'uk_nino'
  | 'six_group'
  | 'seven_group'
  | 'eight_letter'
  | 'twelve_plus'
  | 'thirteen_plus'
  | 'fourteen_plus'
  | 'digits_9'
  | 'digits_10'
  | 'digits_11'
  | 'digits_13';

export interface DetectorPattern {
  /**
   * JavaScript regular-expression source (compiled with the `u` flag, plus `i` when
   * `case_insensitive`). When it has a named group `v`, that group is the sensitive value and
   * the hit's offsets; otherwise the whole match is.
   */
  source: string;
  case_insensitive?: boolean;
  /** Overrides the detector's `word_boundaries` for this pattern. */
  word_boundaries?: boolean;
  /**
   * Every match holds at least this many ASCII digits, so the pattern is not run over a window
   * with fewer (speed only: issue 24). A value above the true minimum would lose hits; the
   * catalogue test checks each one against generated matches.
   */
  min_digits?: number;
  /** A cheap test every window holding a match passes (window-gates.ts; speed only). */
  window_gate?: WindowGateId;
}

export interface DetectorDefinition {
  /** Stable id referenced by policies and bundles. Never reused for another meaning. */
  id: string;
  /** Raised whenever patterns, validator or keywords change what the detector reports. */
  version: number;
  category: DetectorCategory;
  /** Operator-facing description (English). */
  description: string;
  patterns: readonly DetectorPattern[];
  /** Wrap each pattern in Unicode-aware word boundaries (JS `\b` is ASCII-only). */
  word_boundaries: boolean;
  triggers: readonly DetectorTrigger[];
  /** Structural checks that must pass or the candidate is dropped (e.g. card issuer table). */
  checks?: readonly ValidatorId[];
  /** The validator whose result is reported as `validated` (document 1, Conditions rule 4). */
  validator?: ValidatorId;
  keywords: KeywordSet;
  /** Characters between the hit and a supporting keyword (reference model: 300). */
  proximity: number;
  /** Drop hits with no keyword in proximity (formats too generic to stand alone). */
  keyword_required: boolean;
  confidence: ConfidenceLadder;
  /**
   * The confidence a condition on this detector asks for when it names none (Purview's
   * recommended confidence): the lowest rung at which the detector keeps ≥ 95 % precision on
   * the labelled corpus (docs/detectors.md, Precision).
   */
  default_confidence: ConfidenceLevel;
}

/**
 * A tenant-defined detector. Its pattern is RE2 syntax and runs on a linear-time engine
 * (re2js), so no pattern can make the scan backtrack exponentially.
 */
export interface CustomDetectorSpec {
  id: string;
  version: number;
  category: DetectorCategory;
  /** RE2 syntax; at most 1,000 characters; must not match the empty string. */
  pattern: string;
  case_insensitive?: boolean;
  /** Supporting keywords in any language; `word*` also matches suffixed forms. */
  keywords?: readonly string[];
  /** 1 to 1,000 characters; default 300. */
  proximity?: number;
  keyword_required?: boolean;
  /** A built-in validator applied to each match. */
  validator?: ValidatorId;
  /**
   * Confidence of a match whose validator (if any) passed; a keyword in proximity raises it
   * one level (at most 85); a failed validator scores 65.
   */
  confidence: ConfidenceLevel;
}

export interface ScanOptions {
  /** Attach a masked preview to each hit (e.g. `4111********1111`). Off by default. */
  previews?: boolean;
  /** Stop collecting hits for a detector after this many (bounds memory on huge inputs). */
  max_hits_per_detector?: number;
}
