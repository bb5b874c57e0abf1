/**
 * Digit runs: the prefilter for number-shaped detectors. A run is a maximal stretch of digits
 * joined by at most two separator characters (space, no-break space, - . / ( ) :), e.g.
 * `+90 (532) 123-45-67` or `4111 1111 1111 1111`; prefilter-pass.ts finds them. Each run is
 * summarised once and every number detector asks its gate whether the run could hold its
 * format; only then does its pattern run, and only over that run (issue 3: prefilter, then
 * patterns, then validators).
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
  six_group: (r) => r.maxGroup === 6 && r.digits <= 10,
  seven_group: (r) => r.maxGroup === 7 && r.digits === 7,
  eight_plus: (r) => r.maxGroup === 8 && r.digits === 8,
  twelve_plus: (r) => r.maxGroup >= 12,
  thirteen_plus: (r) => r.maxGroup >= 13,
  fourteen_plus: (r) => r.maxGroup >= 14,
  digits_9: (r) => r.digits >= 9,
  digits_10: (r) => r.digits >= 10,
  digits_11: (r) => r.digits >= 11,
  digits_13: (r) => r.digits >= 13,
};
