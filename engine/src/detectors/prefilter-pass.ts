/**
 * The passes over the text that feed the prefilter (issue 3): the Aho-Corasick automaton
 * (anchors and keywords) and the digit-run finder (number-shaped regions), the scanner's hot
 * path (issue 24: speed). Digit runs are found by one V8 regular expression — a character-class
 * scan in native code, several times faster than a per-character loop in JavaScript — and
 * summarised from character codes, without building strings; the automaton's loop then carries
 * nothing but its table look-ups.
 */
import type { AhoCorasick } from './aho-corasick.js';
import type { DigitRun } from './digit-runs.js';
import { isWasmUnavailable, WASM_MAX_TEXT_LENGTH, wasmPrefilterPass } from './wasm/wasm-prefilter.js';

/**
 * Call `onMatch(patternId, end)` for every pattern occurrence inside [from, to) (end exclusive),
 * in order of end. The automaton starts in its root state at `from`, so an occurrence that
 * begins before `from` is not reported.
 */
export function ahoCorasickPass(
  ac: AhoCorasick,
  text: string,
  from: number,
  to: number,
  onMatch: (patternId: number, end: number) => void,
): void {
  const { classOf, delta, outputStart, outputs, classCount } = ac;
  let row = 0;
  for (let i = from; i < to; i++) {
    const next = delta[row + classOf[text.charCodeAt(i)]!]!;
    if (next >= 0) row = next;
    else {
      row = ~next;
      for (let k = outputStart[row / classCount]!; outputs[k]! >= 0; k++) onMatch(outputs[k]!, i + 1);
    }
  }
}

const runPatterns = new Map<number, RegExp>();

/** A digit, then at least `min - 1` more digits, each after at most two separators. */
function runPattern(minRunDigits: number): RegExp {
  let re = runPatterns.get(minRunDigits);
  if (!re) {
    re = new RegExp(`[0-9](?:[ \\-./():\\u00a0]{0,2}[0-9]){${Math.max(0, minRunDigits - 1)},}`, 'g');
    runPatterns.set(minRunDigits, re);
  }
  return re;
}

/**
 * Call `onRun(run)` for every digit run with at least `minRunDigits` digits, in text order. A
 * digit run is a maximal stretch of digits joined by at most two separators (space, no-break
 * space, - . / ( ) :), e.g. `+90 (532) 123-45-67`; it starts and ends on a digit. The run object
 * is reused.
 */
export function digitRunPass(text: string, minRunDigits: number, onRun: (run: DigitRun) => void): void {
  const re = runPattern(minRunDigits);
  const run: DigitRun = { start: 0, end: 0, digits: 0, maxGroup: 0, dots: 0, colons: 0, doubleColon: false };
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const end = re.lastIndex;
    let digits = 0;
    let maxGroup = 0;
    let group = 0;
    let dots = 0;
    let colons = 0;
    let doubleColon = false;
    // Every separator of the match sits between two digits (at most two in a row).
    for (let i = m.index; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c <= 57 && c >= 48) {
        group++;
        digits++;
        continue;
      }
      if (group > maxGroup) maxGroup = group;
      group = 0;
      if (c === 46) dots++;
      else if (c === 58) {
        colons++;
        if (text.charCodeAt(i - 1) === 58) doubleColon = true;
      }
    }
    if (group > maxGroup) maxGroup = group;
    run.start = m.index;
    run.end = end;
    run.digits = digits;
    run.maxGroup = maxGroup;
    run.dots = dots;
    run.colons = colons;
    run.doubleColon = doubleColon;
    onRun(run);
  }
}

/** Below this length the JavaScript passes answer sooner than a copy into WebAssembly memory. */
const WASM_MIN_TEXT_LENGTH = 64;

let wasmEnabled = true;

/**
 * Turn the WebAssembly passes off (or back on) for this process: the bench measures both, and a
 * host where WebAssembly cannot be compiled falls back by itself.
 */
export function setWasmPrefilter(enabled: boolean): void {
  wasmEnabled = enabled;
}

/** Both passes in JavaScript: the reference the WebAssembly passes must equal. */
export function jsPrefilterPass(
  ac: AhoCorasick,
  text: string,
  minRunDigits: number,
  onMatch: (patternId: number, end: number) => void,
  onRun: ((run: DigitRun) => void) | undefined,
): void {
  ahoCorasickPass(ac, text, 0, text.length, onMatch);
  if (onRun) digitRunPass(text, minRunDigits, onRun);
}

/**
 * Both passes: `onMatch(patternId, end)` for every anchor/keyword occurrence (end exclusive) and
 * `onRun(run)` for every digit run with at least `minRunDigits` digits — each callback in text
 * order (all matches first, then all runs). In WebAssembly (wasm/prefilter.wat) for texts of
 * ordinary size, in JavaScript for tiny and huge ones; the results are the same.
 */
export function prefilterPass(
  ac: AhoCorasick,
  text: string,
  minRunDigits: number,
  onMatch: (patternId: number, end: number) => void,
  onRun: ((run: DigitRun) => void) | undefined,
): void {
  const n = text.length;
  if (wasmEnabled && n >= WASM_MIN_TEXT_LENGTH && n <= WASM_MAX_TEXT_LENGTH) {
    try {
      wasmPrefilterPass(ac, text, minRunDigits, onMatch, onRun);
      return;
    } catch (error) {
      // Only a module that cannot be built is a reason to fall back for good; anything else
      // (a callback's own error) is the caller's.
      if (!isWasmUnavailable(error)) throw error;
      wasmEnabled = false;
    }
  }
  jsPrefilterPass(ac, text, minRunDigits, onMatch, onRun);
}
