/**
 * Reference (test code): the compiled prefilter as it was before issue 24's scan-speed work —
 * one Aho-Corasick automaton over every anchor, tenant literal and keyword — around the
 * detectors compiled by today's compileDetectors (patterns, checks and validators are shared).
 */
import { buildAhoCorasick } from '../../../src/detectors/aho-corasick.js';
import { compileDetectors } from '../../../src/detectors/compile.js';
import type { PrefilterEntry } from '../../../src/detectors/compiled.js';
import { customLiteral } from '../../../src/detectors/custom.js';
import type { CustomDetectorSpec, DetectorDefinition } from '../../../src/detectors/definition.js';
import { parseKeyword } from '../../../src/detectors/keywords.js';
import { foldText } from '../../../src/detectors/text/unicode.js';
import type { CompiledDetectors } from './old-scanner.js';

export function compileReference(
  definitions: readonly DetectorDefinition[],
  custom: readonly CustomDetectorSpec[] = [],
): CompiledDetectors {
  const { detectors } = compileDetectors(definitions, custom);
  const patterns = new Map<string, PrefilterEntry[]>();
  const maxKeywordLength: number[] = [];
  const addEntry = (text: string, entry: PrefilterEntry): void => {
    const list = patterns.get(text);
    if (list) list.push(entry);
    else patterns.set(text, [entry]);
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
  definitions.forEach((def, index) => {
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
    const index = definitions.length + i;
    addKeywords(index, spec.keywords ?? []);
    const literal = customLiteral(spec);
    if (detectors[index]!.requiresLiteral && literal)
      addEntry(foldText(literal), { kind: 'literal', detector: index });
  });
  const texts = [...patterns.keys()];
  return {
    detectors,
    prefilter: buildAhoCorasick(texts),
    entries: texts.map((t) => patterns.get(t)!),
    maxKeywordLength,
    digitDetectors: detectors.filter((d) => d.digitTriggers.length > 0).map((d) => d.index),
  };
}
