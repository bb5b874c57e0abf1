/**
 * scan(): text in, per-detector findings out (types.ts). Three stages, as the fastest secret
 * scanners do (issue 3):
 * 1. prefilter — one pass over the text runs an Aho-Corasick automaton (every anchor and
 *    keyword) and tracks digit runs (number-shaped regions). Together they decide which
 *    detectors can match and where (windows); a detector without a window is skipped;
 * 2. patterns — each admitted detector runs its patterns only over those windows;
 * 3. checks and validators — structural checks drop a candidate, the validator sets
 *    `validated`, keywords in proximity raise the confidence along the detector's ladder.
 * Offsets are UTF-16 offsets of the original text. No matched value is returned unless
 * `previews` is asked for, and then only masked.
 */
import type { CompiledDetector, CompiledDetectors, CompiledPattern } from './compiled.js';
import type { ScanOptions } from './definition.js';
import { longestDigitGroup } from './digit-group.js';
import { digitPlan, gateBits, opens } from './digit-plan.js';
import type { DigitRun } from './digit-runs.js';
import { prefilterPass } from './prefilter-pass.js';
import { maskValue } from './preview.js';
import { getWordTable } from './text/unicode.js';
import type { DetectorFinding, DetectorHit } from './types.js';

/** Per-detector state of one scan. */
interface Work {
  /** candidate windows as [start, end) pairs, flattened */
  windows: number[];
  /** keyword occurrences: starts and ends, in order of end */
  kwStart: number[];
  kwEnd: number[];
  /** the required literal of a whole-text (tenant) detector occurs in the text */
  literalSeen: boolean;
}

/** Runs with fewer digits open no window: no number detector has a shorter format (IPv4 has 4). */
const MIN_RUN_DIGITS = 4;

/** Extra characters around a keyword-gated window (longest keyword-gated value, with room). */
const KEYWORD_WINDOW_MARGIN = 256;

interface Candidate {
  start: number;
  end: number;
  validated: boolean;
  confidence: number;
}

function newWork(count: number): Work[] {
  return Array.from({ length: count }, () => ({ windows: [], kwStart: [], kwEnd: [], literalSeen: false }));
}

function prefilter(compiled: CompiledDetectors, text: string, work: Work[]): void {
  const { prefilter: ac, entries, detectors } = compiled;
  const word = getWordTable();
  const lengths = ac.patternLengths;
  const onMatch = (id: number, end: number): void => {
    const start = end - lengths[id]!;
    for (const entry of entries[id]!) {
      const w = work[entry.detector]!;
      if (entry.kind === 'anchor') {
        w.windows.push(start - entry.back, end + entry.forward);
        continue;
      }
      if (entry.kind === 'literal') {
        w.literalSeen = true;
        continue;
      }
      // Keywords are whole words (or word stems): Unicode-aware, so a Cyrillic or Turkish
      // keyword is not found inside a longer word.
      if (entry.wordStart && start > 0 && word[text.charCodeAt(start - 1)] === 1) continue;
      if (entry.wordEnd && end < text.length && word[text.charCodeAt(end)] === 1) continue;
      w.kwStart.push(start);
      w.kwEnd.push(end);
      const d = detectors[entry.detector]!;
      // The window reaches past the proximity by a margin so that a value starting inside the
      // proximity is not cut off at the window edge; keywordNear decides exactly.
      if (d.keywordTriggered) {
        w.windows.push(
          start - d.proximity - KEYWORD_WINDOW_MARGIN,
          end + d.proximity + KEYWORD_WINDOW_MARGIN,
        );
      }
    }
  };
  const plan = digitPlan(compiled);
  const onRun =
    plan.detectors.length === 0
      ? undefined
      : (run: DigitRun): void => {
          const bits = gateBits(plan, run, text);
          if (bits === 0) return;
          const list = opens(plan, bits);
          for (let k = 0; k < list.length; k += 3)
            work[list[k]!]!.windows.push(run.start - list[k + 1]!, run.end + list[k + 2]!);
        };
  prefilterPass(ac, text, MIN_RUN_DIGITS, onMatch, onRun);
}

/** Sort (when needed) and merge overlapping windows, clipped to the text. */
function mergeWindows(windows: number[], length: number): number[] {
  let flat = windows;
  // Windows of one trigger kind arrive in text order; only mixed kinds need a sort.
  for (let i = 2; i < flat.length; i += 2) {
    if (flat[i]! < flat[i - 2]!) {
      const pairs: [number, number][] = [];
      for (let k = 0; k < flat.length; k += 2) pairs.push([flat[k]!, flat[k + 1]!]);
      pairs.sort((a, b) => a[0] - b[0]);
      flat = pairs.flat();
      break;
    }
  }
  const merged: number[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const s = Math.max(0, flat[i]!);
    const e = Math.min(length, flat[i + 1]!);
    const last = merged.length - 1;
    if (last > 0 && s <= merged[last]!) {
      if (e > merged[last]!) merged[last] = e;
    } else merged.push(s, e);
  }
  return merged;
}

/**
 * A keyword supports a value on the same line, or when it ends the line just above the value
 * (a label over its field: only spaces and `: - # №` after it). A keyword elsewhere within the
 * proximity belongs to other text: a table row or log line next to a labelled field.
 */
function sameField(text: string, ks: number, ke: number, start: number, end: number): boolean {
  if (ks >= end) return text.lastIndexOf('\n', ks) < end;
  if (ke > start) return true;
  const nl = text.indexOf('\n', ke);
  if (nl < 0 || nl >= start) return true;
  if (text.indexOf('\n', nl + 1) < start && text.indexOf('\n', nl + 1) >= 0) return false;
  for (let i = ke; i < nl; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 58 && c !== 45 && c !== 35 && c !== 0x2116) return false;
  }
  return true;
}

function keywordNear(
  w: Work,
  text: string,
  start: number,
  end: number,
  proximity: number,
  maxLen: number,
): boolean {
  const { kwStart, kwEnd } = w;
  const lo = start - proximity;
  const hi = end + proximity;
  // First keyword ending after lo (kwEnd is non-decreasing: the prefilter reports in end order).
  let a = 0;
  let b = kwEnd.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (kwEnd[mid]! > lo) b = mid;
    else a = mid + 1;
  }
  for (let i = a; i < kwEnd.length && kwEnd[i]! - maxLen < hi; i++) {
    if (kwStart[i]! < hi && sameField(text, kwStart[i]!, kwEnd[i]!, start, end)) return true;
  }
  return false;
}

/** ASCII digits in `s`, or `cap` as soon as that many are seen. */
function countDigits(s: string, cap: number): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 57 && c >= 48 && ++count >= cap) return cap;
  }
  return count;
}

/** Keep one hit per overlapping group: validated first, then confidence, then length. */
function resolveOverlaps(candidates: Candidate[]): Candidate[] {
  candidates.sort((x, y) => x.start - y.start || y.end - x.end);
  const kept: Candidate[] = [];
  for (const c of candidates) {
    const last = kept[kept.length - 1];
    if (last && c.start < last.end) {
      const better =
        Number(c.validated) - Number(last.validated) ||
        c.confidence - last.confidence ||
        c.end - c.start - (last.end - last.start);
      if (better > 0) kept[kept.length - 1] = c;
      continue;
    }
    kept.push(c);
  }
  return kept;
}

/**
 * Matches of the shared patterns (CompiledPattern.shareId) in this scan, by share id and window
 * start: each detector with the same pattern and window reuses them instead of running it again.
 */
type SharedMatches = (Map<number, { end: number; matches: number[] }> | undefined)[];

/** The matches of `pattern` in the window [ws, we) as text offsets (start, end pairs). */
function sharedMatches(
  shared: SharedMatches,
  shareId: number,
  pattern: CompiledPattern,
  slice: string,
  sliceStart: number,
  ws: number,
  we: number,
): number[] {
  let byStart = shared[shareId];
  if (!byStart) {
    byStart = new Map();
    shared[shareId] = byStart;
  }
  const known = byStart.get(ws);
  if (known && known.end === we) return known.matches;
  const matches: number[] = [];
  pattern.run(slice, ws - sliceStart, (s, e) => {
    matches.push(s + sliceStart, e + sliceStart);
    return true;
  });
  byStart.set(ws, { end: we, matches });
  return matches;
}

function runDetector(
  d: CompiledDetector,
  w: Work,
  text: string,
  maxKeywordLength: number,
  limit: number,
  shared: SharedMatches,
): Candidate[] {
  const word = getWordTable();
  const n = text.length;
  const windows = d.wholeText ? [0, n] : mergeWindows(w.windows, n);
  const candidates: Candidate[] = [];
  let wordBoundaries = false;
  /** One match in text offsets; false once the limit is reached. */
  const accept = (start: number, end: number): boolean => {
    if (wordBoundaries) {
      if (start > 0 && word[text.charCodeAt(start - 1)] === 1) return true;
      if (end < n && word[text.charCodeAt(end)] === 1) return true;
    }
    const value = text.slice(start, end);
    for (const check of d.checks) if (!check(value)) return true;
    const validated = d.validator ? d.validator(value) : true;
    const near = w.kwEnd.length > 0 && keywordNear(w, text, start, end, d.proximity, maxKeywordLength);
    if (d.keywordRequired && !near) return true;
    const ladder = d.ladder;
    const confidence = validated
      ? near
        ? ladder.validated_keyword
        : ladder.validated
      : near
        ? ladder.keyword
        : ladder.pattern;
    candidates.push({ start, end, validated, confidence });
    return candidates.length < limit;
  };
  // The largest digit bounds of the detector's patterns: a window's digits are counted only up
  // to them (a long keyword window is not read to its end once the bound is met).
  let digitCap = 0;
  let groupCap = 0;
  for (const p of d.patterns) {
    if (p.minDigits > digitCap) digitCap = p.minDigits;
    if (p.minDigitGroup > groupCap) groupCap = p.minDigitGroup;
  }
  for (let k = 0; k < windows.length && candidates.length < limit; k += 2) {
    const ws = windows[k]!;
    const we = windows[k + 1]!;
    // One character of context each side so boundary lookarounds see the real neighbours.
    const sliceStart = ws > 0 ? ws - 1 : 0;
    const slice = text.slice(sliceStart, Math.min(n, we + 1));
    let sliceDigits = -1;
    let sliceGroup = -1;
    for (const pattern of d.patterns) {
      // Every match lies inside the slice: too few digits there, or no digit group as long as
      // the pattern's, no match (issue 24: speed).
      if (pattern.minDigits > 0) {
        if (sliceDigits < 0) sliceDigits = countDigits(slice, digitCap);
        if (sliceDigits < pattern.minDigits) continue;
      }
      if (pattern.minDigitGroup > 1) {
        if (sliceGroup < 0) sliceGroup = longestDigitGroup(slice, groupCap);
        if (sliceGroup < pattern.minDigitGroup) continue;
      }
      if (pattern.windowGate && !pattern.windowGate(slice)) continue;
      wordBoundaries = pattern.wordBoundaries;
      if (pattern.shareId === undefined) {
        pattern.run(slice, ws - sliceStart, (s, e) => accept(s + sliceStart, e + sliceStart));
        continue;
      }
      const matches = sharedMatches(shared, pattern.shareId, pattern, slice, sliceStart, ws, we);
      for (let i = 0; i < matches.length; i += 2) if (!accept(matches[i]!, matches[i + 1]!)) break;
    }
  }
  return candidates.length > 1 ? resolveOverlaps(candidates) : candidates;
}

/**
 * Scan `text` with a compiled set. Returns one finding per detector that has at least one hit,
 * in the compiled order; hits are sorted by offset and never overlap within a detector.
 */
export function scan(
  compiled: CompiledDetectors,
  text: string,
  options: ScanOptions = {},
): DetectorFinding[] {
  const work = newWork(compiled.detectors.length);
  prefilter(compiled, text, work);
  const limit = options.max_hits_per_detector ?? Number.POSITIVE_INFINITY;
  const findings: DetectorFinding[] = [];
  const shared: SharedMatches = compiled.sharedPatterns > 0 ? new Array(compiled.sharedPatterns) : [];
  for (const d of compiled.detectors) {
    const w = work[d.index]!;
    if (d.wholeText ? d.requiresLiteral && !w.literalSeen : w.windows.length === 0) continue;
    const candidates = runDetector(d, w, text, compiled.maxKeywordLength[d.index] ?? 0, limit, shared);
    if (candidates.length === 0) continue;
    const hits: DetectorHit[] = candidates.map((c) => {
      const hit: DetectorHit = {
        start: c.start,
        end: c.end,
        confidence: c.confidence,
        validated: c.validated,
      };
      if (options.previews) hit.preview = maskValue(text.slice(c.start, c.end), d.category);
      return hit;
    });
    findings.push({ detector_id: d.id, detector_version: d.version, category: d.category, hits });
  }
  return findings;
}
