/** Reference copy (test code) of the prefilter pass before issue 24's scan-speed work. */
/**
 * The single pass over the text that feeds the prefilter (issue 3): the Aho-Corasick automaton
 * (anchors and keywords) and the digit-run tracker (number-shaped regions) share one loop, so
 * each character is read once. This loop is the scanner's hot path: keep it branch-light.
 */
import type { AhoCorasick } from '../../../src/detectors/aho-corasick.js';
import type { DigitRun } from '../../../src/detectors/digit-runs.js';

function isSeparator(c: number): boolean {
  return c === 32 || c === 45 || c === 46 || c === 47 || c === 40 || c === 41 || c === 58 || c === 160;
}

/**
 * Call `onMatch(patternId, end)` for every anchor/keyword occurrence (end exclusive) and
 * `onRun(run)` for every digit run with at least `minRunDigits` digits. A digit run is a maximal
 * stretch of digits joined by at most two separators (space, no-break space, - . / ( ) :),
 * e.g. `+90 (532) 123-45-67`; it starts and ends on a digit. The run object is reused.
 */
export function prefilterPass(
  ac: AhoCorasick,
  text: string,
  minRunDigits: number,
  onMatch: (patternId: number, end: number) => void,
  onRun: ((run: DigitRun) => void) | undefined,
): void {
  const { classOf, delta, outputStart, outputs, classCount } = ac;
  const n = text.length;
  const run: DigitRun = { start: 0, end: 0, digits: 0, maxGroup: 0, dots: 0, colons: 0, doubleColon: false };
  const trackRuns = onRun !== undefined;
  let row = 0;
  // Digit-run state in locals (the hot loop avoids object writes): runStart < 0 = no open run.
  let runStart = -1;
  let runEnd = 0;
  let digits = 0;
  let maxGroup = 0;
  let group = 0;
  let dots = 0;
  let colons = 0;
  let doubleColon = false;
  let sepLen = 0;
  let sepDots = 0;
  let sepColons = 0;
  let sepDouble = false;
  const emit = (): void => {
    if (digits < minRunDigits || !onRun) return;
    run.start = runStart;
    run.end = runEnd;
    run.digits = digits;
    run.maxGroup = maxGroup;
    run.dots = dots;
    run.colons = colons;
    run.doubleColon = doubleColon;
    onRun(run);
  };
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const next = delta[row + classOf[c]!]!;
    if (next >= 0) row = next;
    else {
      row = ~next;
      for (let k = outputStart[row / classCount]!; outputs[k]! >= 0; k++) onMatch(outputs[k]!, i + 1);
    }
    if (c <= 57 && c >= 48) {
      if (runStart < 0) {
        runStart = i;
        digits = 0;
        maxGroup = 0;
        dots = 0;
        colons = 0;
        doubleColon = false;
      } else if (sepLen > 0) {
        dots += sepDots;
        colons += sepColons;
        doubleColon ||= sepDouble;
        sepLen = 0;
      }
      group++;
      digits++;
      runEnd = i + 1;
    } else if (runStart >= 0) {
      if (group > 0) {
        if (group > maxGroup) maxGroup = group;
        group = 0;
      }
      if (sepLen < 2 && isSeparator(c)) {
        if (sepLen === 0) {
          sepDots = 0;
          sepColons = 0;
          sepDouble = false;
        } else if (c === 58 && text.charCodeAt(i - 1) === 58) sepDouble = true;
        sepLen++;
        if (c === 46) sepDots++;
        else if (c === 58) sepColons++;
      } else {
        if (trackRuns) emit();
        runStart = -1;
        sepLen = 0;
      }
    }
  }
  if (runStart >= 0) {
    if (group > maxGroup) maxGroup = group;
    if (trackRuns) emit();
  }
}
