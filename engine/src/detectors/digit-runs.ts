/**
 * Digit runs: the prefilter for number-shaped detectors. A run is a maximal stretch of digits
 * joined by at most two separator characters (space, no-break space, - . / ( ) :), e.g.
 * `+90 (532) 123-45-67` or `4111 1111 1111 1111`. Each run is summarised once and every
 * number detector asks its gate whether the run could hold its format; only then does its
 * pattern run, and only over that run (issue 3: prefilter, then patterns, then validators).
 */
import type { DigitGateId } from './definition.js';

export interface DigitRun {
  start: number;
  end: number;
  /** digits in the run */
  digits: number;
  /** longest group of consecutive digits */
  maxGroup: number;
  dots: number;
  colons: number;
  /** the run contains `::` */
  doubleColon: boolean;
}

function isSeparator(c: number): boolean {
  return c === 32 || c === 45 || c === 46 || c === 47 || c === 40 || c === 41 || c === 58 || c === 160;
}

/** Call `onRun` for every digit run of `text`, in order. The run object is reused. */
export function forEachDigitRun(text: string, onRun: (run: DigitRun) => void): void {
  const n = text.length;
  const run: DigitRun = { start: 0, end: 0, digits: 0, maxGroup: 0, dots: 0, colons: 0, doubleColon: false };
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (c < 48 || c > 57) {
      i++;
      continue;
    }
    run.start = i;
    run.digits = 0;
    run.maxGroup = 0;
    run.dots = 0;
    run.colons = 0;
    run.doubleColon = false;
    for (;;) {
      const groupStart = i;
      while (i < n) {
        c = text.charCodeAt(i);
        if (c < 48 || c > 57) break;
        i++;
      }
      const group = i - groupStart;
      run.digits += group;
      if (group > run.maxGroup) run.maxGroup = group;
      run.end = i;
      // Up to two separators, and only when a digit follows them.
      let j = i;
      while (j < n && j - i < 2 && isSeparator(text.charCodeAt(j))) j++;
      if (j === i || j >= n) break;
      c = text.charCodeAt(j);
      if (c < 48 || c > 57) break;
      for (let k = i; k < j; k++) {
        const s = text.charCodeAt(k);
        if (s === 46) run.dots++;
        else if (s === 58) {
          run.colons++;
          if (k > i) run.doubleColon = run.doubleColon || text.charCodeAt(k - 1) === 58;
        }
      }
      i = j;
    }
    onRun(run);
  }
}

function precededByLetter(text: string, start: number): boolean {
  let k = start - 1;
  if (k >= 0 && text.charCodeAt(k) === 32) k--;
  const c = k >= 0 ? text.charCodeAt(k) : 0;
  return c >= 65 && c <= 90;
}

/** The gates named by catalogue triggers. Each must be cheap: it runs for every run. */
export const DIGIT_GATES: Readonly<Record<DigitGateId, (run: DigitRun, text: string) => boolean>> = {
  // 12–19 contiguous digits, or groups of 4 to 6 (4-4-4-4, 4-6-5, 4-6-4).
  payment_card: (r) => r.digits >= 12 && (r.maxGroup >= 12 || (r.maxGroup >= 4 && r.maxGroup <= 6)),
  us_ssn: (r) => r.digits >= 9 && (r.maxGroup >= 9 || r.maxGroup === 4),
  nine_plus: (r) => r.maxGroup >= 9,
  ten_plus: (r) => r.maxGroup >= 10,
  eleven_plus: (r) => r.maxGroup >= 11,
  snils: (r) => r.digits >= 11 && (r.maxGroup >= 11 || r.maxGroup === 3),
  phone: (r) => r.digits >= 7 && r.colons === 0,
  ipv4: (r) => r.dots >= 3,
  ipv6: (r) => r.doubleColon || r.colons >= 3,
  uk_nino: (r, text) => r.digits >= 6 && precededByLetter(text, r.start),
};
