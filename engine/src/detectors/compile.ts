/**
 * compileDetectors: catalogue data (and tenant detectors) → a frozen CompiledDetectors that
 * scan() runs many times. Compile once per bundle, scan per event.
 */
import { buildAhoCorasick } from './aho-corasick.js';
import type { CompiledDetector, CompiledDetectors, CompiledPattern, PrefilterEntry } from './compiled.js';
import { compileCustomDetector, customLiteral, validateCustomDetector } from './custom.js';
import type { CustomDetectorSpec, DetectorDefinition, DetectorPattern } from './definition.js';
import { minDigitGroup } from './digit-group.js';
import { DIGIT_GATE_BIT, DIGIT_GATES } from './digit-runs.js';
import { parseKeyword } from './keywords.js';
import { foldText, getWordTable } from './text/unicode.js';
import { VALIDATORS } from './validators/index.js';
import { WINDOW_GATES } from './window-gates.js';

/** Thrown by compileDetectors for a definition it cannot compile; carries field errors. */
export class DetectorCompileError extends Error {
  readonly code = 'detector.invalid';
  constructor(
    message: string,
    readonly details: readonly { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'DetectorCompileError';
  }
}

// Unicode-aware word boundaries (JS `\b` is ASCII-only: it would split Cyrillic and Turkish words).
const WORD = '[\\p{L}\\p{M}\\p{N}_]';

/** What makes two catalogue patterns the same matcher: source, case and boundaries. */
function patternKey(pattern: DetectorPattern, detectorBoundaries: boolean): string {
  const wordBoundaries = pattern.word_boundaries ?? detectorBoundaries;
  return `${wordBoundaries ? 'b' : '-'}${pattern.case_insensitive ? 'i' : '-'}${pattern.source}`;
}

/** An id for each pattern that more than one built-in detector carries. */
function sharedPatternIds(definitions: readonly DetectorDefinition[]): Map<string, number> {
  const owners = new Map<string, Set<number>>();
  definitions.forEach((def, i) => {
    for (const p of def.patterns) {
      const key = patternKey(p, def.word_boundaries);
      const set = owners.get(key) ?? new Set<number>();
      set.add(i);
      owners.set(key, set);
    }
  });
  const ids = new Map<string, number>();
  for (const [key, set] of owners) if (set.size > 1) ids.set(key, ids.size);
  return ids;
}

function compileJsPattern(
  pattern: DetectorPattern,
  detectorBoundaries: boolean,
  shareId: number | undefined,
): CompiledPattern {
  const wordBoundaries = pattern.word_boundaries ?? detectorBoundaries;
  const source = wordBoundaries ? `(?<!${WORD})(?:${pattern.source})(?!${WORD})` : pattern.source;
  const hasValueGroup = pattern.source.includes('(?<v>');
  const flags = `gu${pattern.case_insensitive ? 'i' : ''}${hasValueGroup ? 'd' : ''}`;
  const re = new RegExp(source, flags);
  return {
    wordBoundaries,
    minDigits: pattern.min_digits ?? 0,
    minDigitGroup: minDigitGroup(pattern.source),
    windowGate: pattern.window_gate ? WINDOW_GATES[pattern.window_gate] : undefined,
    shareId,
    run(slice, from, onMatch) {
      re.lastIndex = from;
      for (let m = re.exec(slice); m !== null; m = re.exec(slice)) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        let start = m.index;
        let end = start + m[0].length;
        if (hasValueGroup) {
          const span = m.indices?.groups?.['v'];
          if (!span) continue;
          [start, end] = span;
        }
        if (!onMatch(start, end)) return;
      }
    },
  };
}

function compileBuiltin(
  def: DetectorDefinition,
  index: number,
  shared: ReadonlyMap<string, number>,
): CompiledDetector {
  const digitTriggers = def.triggers.flatMap((t) =>
    t.kind === 'digits'
      ? [{ gate: DIGIT_GATES[t.gate], bit: DIGIT_GATE_BIT[t.gate], back: t.back, forward: t.forward }]
      : [],
  );
  return {
    index,
    id: def.id,
    version: def.version,
    category: def.category,
    patterns: def.patterns.map((p) =>
      compileJsPattern(p, def.word_boundaries, shared.get(patternKey(p, def.word_boundaries))),
    ),
    checks: (def.checks ?? []).map((id) => VALIDATORS[id]),
    validator: def.validator ? VALIDATORS[def.validator] : undefined,
    ladder: def.confidence,
    proximity: def.proximity,
    keywordRequired: def.keyword_required,
    keywordTriggered: def.triggers.some((t) => t.kind === 'keyword'),
    wholeText: false,
    requiresLiteral: false,
    digitTriggers,
  };
}

/**
 * Compile built-in definitions and tenant detectors into one frozen set. Ids must be unique.
 * Custom specs are validated first (validateCustomDetector); an invalid one throws
 * DetectorCompileError naming the fields, never the values.
 */
export function compileDetectors(
  definitions: readonly DetectorDefinition[],
  custom: readonly CustomDetectorSpec[] = [],
): CompiledDetectors {
  getWordTable(); // build the shared tables outside the first scan
  const seen = new Set<string>();
  const detectors: CompiledDetector[] = [];
  const prefilterPatterns = new Map<string, PrefilterEntry[]>();
  const maxKeywordLength: number[] = [];
  const addEntry = (text: string, entry: PrefilterEntry): void => {
    const list = prefilterPatterns.get(text);
    if (list) list.push(entry);
    else prefilterPatterns.set(text, [entry]);
  };
  const addKeywords = (detector: number, keywords: readonly string[]): void => {
    let longest = 0;
    for (const keyword of new Set(keywords)) {
      const parsed = parseKeyword(keyword);
      if (parsed.folded.length === 0) continue;
      longest = Math.max(longest, parsed.folded.length);
      addEntry(parsed.folded, {
        kind: 'keyword',
        detector,
        wordStart: parsed.wordStart,
        wordEnd: parsed.wordEnd,
      });
    }
    maxKeywordLength[detector] = longest;
  };
  const claimId = (id: string, field: string): void => {
    if (seen.has(id)) {
      throw new DetectorCompileError('duplicate detector id', [
        { field, message: 'is used by another detector' },
      ]);
    }
    seen.add(id);
  };

  const shared = sharedPatternIds(definitions);
  definitions.forEach((def, i) => {
    claimId(def.id, `definitions[${i}].id`);
    const index = detectors.length;
    detectors.push(compileBuiltin(def, index, shared));
    const k = def.keywords;
    addKeywords(index, [...k.en, ...k.az, ...k.ru, ...k.tr]);
    for (const t of def.triggers) {
      if (t.kind !== 'literal') continue;
      for (const anchor of new Set(t.anchors.map(foldText))) {
        addEntry(anchor, { kind: 'anchor', detector: index, back: t.back, forward: t.forward });
      }
    }
  });
  custom.forEach((spec, i) => {
    const errors = validateCustomDetector(spec);
    if (errors.length > 0) {
      throw new DetectorCompileError(
        'invalid custom detector',
        errors.map((e) => ({ field: `custom[${i}].${e.field}`, message: e.message })),
      );
    }
    claimId(spec.id, `custom[${i}].id`);
    const index = detectors.length;
    const detector = compileCustomDetector(spec, index);
    detectors.push(detector);
    addKeywords(index, spec.keywords ?? []);
    const literal = customLiteral(spec);
    if (detector.requiresLiteral && literal)
      addEntry(foldText(literal), { kind: 'literal', detector: index });
  });

  const texts = [...prefilterPatterns.keys()];
  const compiled: CompiledDetectors = {
    detectors,
    prefilter: buildAhoCorasick(texts),
    entries: texts.map((t) => prefilterPatterns.get(t)!),
    maxKeywordLength,
    digitDetectors: detectors.filter((d) => d.digitTriggers.length > 0).map((d) => d.index),
    sharedPatterns: shared.size,
  };
  return Object.freeze(compiled);
}
