/** The compiled form of a detector set: built once by compileDetectors, frozen, shared by scans. */
import type { AhoCorasick } from './aho-corasick.js';
import type { ConfidenceLadder, DetectorCategory } from './definition.js';
import type { DigitRun } from './digit-runs.js';

/** One pattern ready to run over a slice: a V8 RegExp (built-ins) or an RE2 matcher (custom). */
export interface CompiledPattern {
  /** Finds matches in `slice` from `from`; calls onMatch(start, end) in slice offsets. */
  readonly run: (slice: string, from: number, onMatch: (start: number, end: number) => boolean) => void;
  /** Check Unicode-aware word boundaries against the full text after a match. */
  readonly wordBoundaries: boolean;
  /** A window with fewer ASCII digits holds no match (0: no such bound). */
  readonly minDigits: number;
  /** A window whose longest run of ASCII digits is shorter holds no match (0: no such bound). */
  readonly minDigitGroup: number;
  /** A window whose slice this refuses holds no match (window-gates.ts). */
  readonly windowGate?: (slice: string) => boolean;
  /**
   * Set when the same pattern (source, flags, boundaries) belongs to several detectors: a scan
   * runs it once per window and hands the matches to each of them (issue 24: speed).
   */
  readonly shareId?: number;
}

export interface CompiledDetector {
  readonly index: number;
  readonly id: string;
  readonly version: number;
  readonly category: DetectorCategory;
  readonly patterns: readonly CompiledPattern[];
  readonly checks: readonly ((value: string) => boolean)[];
  readonly validator: ((value: string) => boolean) | undefined;
  readonly ladder: ConfidenceLadder;
  readonly proximity: number;
  readonly keywordRequired: boolean;
  /** Keyword occurrences open a window of ±proximity for the patterns. */
  readonly keywordTriggered: boolean;
  /** No window prefilter applies: the patterns run over the whole text (custom detectors only). */
  readonly wholeText: boolean;
  /** A whole-text detector whose pattern starts with a literal runs only when it occurs. */
  readonly requiresLiteral: boolean;
  readonly digitTriggers: readonly {
    readonly gate: (run: DigitRun, text: string) => boolean;
    /** The gate's bit in `digitGateBits` (digit-runs.ts). */
    readonly bit: number;
    readonly back: number;
    readonly forward: number;
  }[];
}

/** What an Aho-Corasick pattern means to one detector. */
export type PrefilterEntry =
  | { readonly kind: 'anchor'; readonly detector: number; readonly back: number; readonly forward: number }
  | { readonly kind: 'literal'; readonly detector: number }
  | {
      readonly kind: 'keyword';
      readonly detector: number;
      readonly wordEnd: boolean;
      readonly wordStart: boolean;
    };

export interface CompiledDetectors {
  readonly detectors: readonly CompiledDetector[];
  readonly prefilter: AhoCorasick;
  /** By Aho-Corasick pattern id. */
  readonly entries: readonly (readonly PrefilterEntry[])[];
  /** Longest keyword per detector (bounds the proximity search). */
  readonly maxKeywordLength: readonly number[];
  /** Detectors with at least one digit trigger. */
  readonly digitDetectors: readonly number[];
  /** How many patterns are shared between detectors (CompiledPattern.shareId 0 … n-1). */
  readonly sharedPatterns: number;
}
