/**
 * Tenant-defined detectors (issue 3: a hostile or careless pattern must not hang an endpoint).
 *
 * Mechanism: the pattern is compiled with re2js, a pure-JS port of RE2. RE2 has no backtracking:
 * it simulates the automaton over the input once, so matching time is linear in the text length
 * whatever the pattern (`(a+)+$` included). Constructs that need backtracking (backreferences,
 * lookaround) are refused at write time because RE2 does not accept them. Repetition counts are
 * capped by RE2 (1,000), and patterns are capped at 1,000 characters here.
 */
import { RE2JS } from 're2js';
import type { FieldError } from '../errors.js';
import type { CompiledDetector, CompiledPattern } from './compiled.js';
import { requiredLiteral } from './custom-literal.js';
import {
  CONFIDENCE_LEVELS,
  type ConfidenceLadder,
  type ConfidenceLevel,
  type CustomDetectorSpec,
  DETECTOR_CATEGORIES,
} from './definition.js';
import { parseKeyword } from './keywords.js';
import { isValidatorId, VALIDATORS } from './validators/index.js';

export const CUSTOM_LIMITS = {
  patternLength: 1000,
  keywords: 100,
  keywordLength: 64,
  proximityMax: 1000,
  idLength: 128,
} as const;

function compileRe2(spec: Pick<CustomDetectorSpec, 'pattern' | 'case_insensitive'>): RE2JS {
  return RE2JS.compile(spec.pattern, spec.case_insensitive ? RE2JS.CASE_INSENSITIVE : 0);
}

/**
 * Every refusal for a tenant detector, as field errors (path + message, never the value).
 * An empty list means the spec can be stored and compiled.
 */
export function validateCustomDetector(spec: CustomDetectorSpec): FieldError[] {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    return [{ field: 'detector', message: 'must be an object' }];
  }
  const errors: FieldError[] = [];
  const s = spec as Partial<Record<keyof CustomDetectorSpec, unknown>>;
  if (
    typeof s.id !== 'string' ||
    s.id.length === 0 ||
    s.id.length > CUSTOM_LIMITS.idLength ||
    /[\s\p{C}]/u.test(s.id)
  ) {
    errors.push({ field: 'id', message: `must be 1 to ${CUSTOM_LIMITS.idLength} visible characters` });
  }
  if (typeof s.version !== 'number' || !Number.isInteger(s.version) || s.version < 1) {
    errors.push({ field: 'version', message: 'must be a positive integer' });
  }
  if (typeof s.category !== 'string' || !(DETECTOR_CATEGORIES as readonly string[]).includes(s.category)) {
    errors.push({ field: 'category', message: `must be one of ${DETECTOR_CATEGORIES.join(', ')}` });
  }
  if (!(CONFIDENCE_LEVELS as readonly unknown[]).includes(s.confidence)) {
    errors.push({ field: 'confidence', message: 'must be 65, 75 or 85' });
  }
  if (s.validator !== undefined && (typeof s.validator !== 'string' || !isValidatorId(s.validator))) {
    errors.push({ field: 'validator', message: 'is not a built-in validator' });
  }
  if (s.case_insensitive !== undefined && typeof s.case_insensitive !== 'boolean') {
    errors.push({ field: 'case_insensitive', message: 'must be a boolean' });
  }
  if (s.keyword_required !== undefined && typeof s.keyword_required !== 'boolean') {
    errors.push({ field: 'keyword_required', message: 'must be a boolean' });
  }
  if (
    s.proximity !== undefined &&
    (typeof s.proximity !== 'number' ||
      !Number.isInteger(s.proximity) ||
      s.proximity < 1 ||
      s.proximity > CUSTOM_LIMITS.proximityMax)
  ) {
    errors.push({
      field: 'proximity',
      message: `must be an integer from 1 to ${CUSTOM_LIMITS.proximityMax}`,
    });
  }
  const keywords = s.keywords;
  if (keywords !== undefined) {
    if (!Array.isArray(keywords) || keywords.length > CUSTOM_LIMITS.keywords) {
      errors.push({
        field: 'keywords',
        message: `must be a list of at most ${CUSTOM_LIMITS.keywords} keywords`,
      });
    } else {
      keywords.forEach((k: unknown, i) => {
        if (
          typeof k !== 'string' ||
          k.length > CUSTOM_LIMITS.keywordLength ||
          parseKeyword(k).folded.length < 2
        ) {
          errors.push({
            field: `keywords[${i}]`,
            message: `must be 2 to ${CUSTOM_LIMITS.keywordLength} characters`,
          });
        }
      });
    }
  }
  if (s.keyword_required === true && (!Array.isArray(keywords) || keywords.length === 0)) {
    errors.push({ field: 'keywords', message: 'are required when keyword_required is true' });
  }
  if (
    typeof s.pattern !== 'string' ||
    s.pattern.length === 0 ||
    s.pattern.length > CUSTOM_LIMITS.patternLength
  ) {
    errors.push({ field: 'pattern', message: `must be 1 to ${CUSTOM_LIMITS.patternLength} characters` });
  } else {
    try {
      const re = compileRe2({ pattern: s.pattern, case_insensitive: s.case_insensitive === true });
      if (re.testExact('')) errors.push({ field: 'pattern', message: 'must not match empty text' });
    } catch {
      // The engine's message quotes the pattern; the error names the field only.
      errors.push({
        field: 'pattern',
        message: 'is not a valid RE2 pattern (backreferences and lookaround are not supported)',
      });
    }
  }
  return errors;
}

function raise(level: ConfidenceLevel): ConfidenceLevel {
  return level === 65 ? 75 : 85;
}

/** The confidence ladder of a custom detector (see CustomDetectorSpec.confidence). */
export function customLadder(confidence: ConfidenceLevel): ConfidenceLadder {
  return { pattern: 65, keyword: 65, validated: confidence, validated_keyword: raise(confidence) };
}

function re2Pattern(re: RE2JS): CompiledPattern {
  return {
    wordBoundaries: false,
    minDigits: 0,
    minDigitGroup: 0,
    run(slice, from, onMatch) {
      // Fast reject: RE2's DFA answers "any match?" several times faster than the capture-tracking
      // find loop, and most documents hold no match of a given tenant pattern.
      if (!re.test(from > 0 ? slice.slice(from) : slice)) return;
      const matcher = re.matcher(slice);
      let pos = from;
      while (pos <= slice.length && matcher.find(pos)) {
        const start = matcher.start();
        const end = matcher.end();
        if (end > start && !onMatch(start, end)) return;
        pos = end > start ? end : end + 1;
      }
    },
  };
}

/** The literal every match starts with (document-level prefilter), when the pattern has one. */
export function customLiteral(spec: CustomDetectorSpec): string | undefined {
  return requiredLiteral(spec.pattern, spec.case_insensitive === true);
}

/** Compile a validated spec (throws TypeError on an invalid one: validate first). */
export function compileCustomDetector(spec: CustomDetectorSpec, index: number): CompiledDetector {
  if (validateCustomDetector(spec).length > 0)
    throw new TypeError(`custom detector at position ${index} is invalid`);
  const keywordRequired = spec.keyword_required === true;
  return {
    index,
    id: spec.id,
    version: spec.version,
    category: spec.category,
    patterns: [re2Pattern(compileRe2(spec))],
    checks: [],
    validator: spec.validator ? VALIDATORS[spec.validator] : undefined,
    ladder: customLadder(spec.confidence),
    proximity: spec.proximity ?? 300,
    keywordRequired,
    keywordTriggered: keywordRequired,
    wholeText: !keywordRequired,
    requiresLiteral: !keywordRequired && customLiteral(spec) !== undefined,
    digitTriggers: [],
  };
}
