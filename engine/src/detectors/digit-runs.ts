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

const isUpper = (c: number): boolean => c >= 65 && c <= 90;

/** Two capital letters (A–Z) end just before `start`, with at most one space between. */
function precededByTwoCapitals(text: string, start: number): boolean {
  let k = start - 1;
  if (k >= 0 && text.charCodeAt(k) === 32) k--;
  return k >= 1 && isUpper(text.charCodeAt(k)) && isUpper(text.charCodeAt(k - 1));
}

/** A capital letter (A–Z) follows at `end`, or after one `-`. */
function followedByCapital(text: string, end: number): boolean {
  const c = text.charCodeAt(end);
  return isUpper(c) || (c === 45 && isUpper(text.charCodeAt(end + 1)));
}

/** The run's last group of consecutive digits (it ends on a digit) is exactly `n` long. */
function lastGroupIs(text: string, r: DigitRun, n: number): boolean {
  let k = r.end - 1;
  while (k >= r.start && text.charCodeAt(k) >= 48 && text.charCodeAt(k) <= 57) k--;
  return r.end - 1 - k === n;
}

/** A `+` right before the run, or `00` in it: where an international phone number begins. */
function internationalStart(text: string, r: DigitRun): boolean {
  if (text.charCodeAt(r.start - 1) === 43) return true;
  for (let i = r.start; i < r.end - 1; i++)
    if (text.charCodeAt(i) === 48 && text.charCodeAt(i + 1) === 48) return true;
  return false;
}

/** The gates in bit order: `digitGateBits` answers gate `DIGIT_GATE_IDS[i]` in bit i. */
export const DIGIT_GATE_IDS = [
  'payment_card',
  'us_ssn',
  'nine_plus',
  'ten_plus',
  'eleven_plus',
  'snils',
  'phone',
  'ipv4',
  'ipv6',
  'uk_nino',
  'six_group',
  'seven_group',
  'eight_letter',
  'twelve_plus',
  'thirteen_plus',
  'fourteen_plus',
  'digits_9',
  'digits_10',
  'digits_11',
  'digits_13',
] as const satisfies readonly DigitGateId[];

/**
 * Every gate named by catalogue triggers, asked at once (issue 24: speed — one call per run
 * instead of one per gate): bit i set when gate `DIGIT_GATE_IDS[i]` admits the run. A gate must
 * admit every run that holds (the digits of) a match of the patterns it guards.
 */
export function digitGateBits(r: DigitRun, text: string): number {
  const d = r.digits;
  const g = r.maxGroup;
  let bits = 0;
  // 12–19 contiguous digits, or groups of 4 to 6 (4-4-4-4, 4-6-5, 4-6-4).
  if (d >= 12 && (g >= 12 || (g >= 4 && g <= 6))) bits |= 1 << 0;
  if (d >= 9 && (g >= 9 || g === 4)) bits |= 1 << 1;
  if (g >= 9) bits |= 1 << 2;
  if (g >= 10) bits |= 1 << 3;
  if (g >= 11) bits |= 1 << 4;
  if (d >= 11 && (g >= 11 || g === 3)) bits |= 1 << 5;
  // Phone: the national forms hold 10–11 digits; a shorter run (7–9) can only be the
  // international form, which starts at a `+` just before the run or at a `00` inside it.
  if (r.colons === 0 && (d >= 10 || (d >= 7 && internationalStart(text, r)))) bits |= 1 << 6;
  if (r.dots >= 3) bits |= 1 << 7;
  if (r.doubleColon || r.colons >= 3) bits |= 1 << 8;
  // UK NINO: two prefix letters, an optional space, then the digits that start the run.
  if (d >= 6 && precededByTwoCapitals(text, r.start)) bits |= 1 << 9;
  if (g === 6 && d <= 10) bits |= 1 << 10;
  if (g === 7 && d === 7) bits |= 1 << 11;
  // Spanish DNI: a run ending in a group of exactly eight digits, then the letter (after an
  // optional `-`).
  if (g >= 8 && followedByCapital(text, r.end) && lastGroupIs(text, r, 8)) bits |= 1 << 12;
  if (g >= 12) bits |= 1 << 13;
  if (g >= 13) bits |= 1 << 14;
  if (g >= 14) bits |= 1 << 15;
  if (d >= 9) bits |= 1 << 16;
  if (d >= 10) bits |= 1 << 17;
  if (d >= 11) bits |= 1 << 18;
  if (d >= 13) bits |= 1 << 19;
  return bits;
}

/** Bit of each gate in `digitGateBits`. */
export const DIGIT_GATE_BIT: Readonly<Record<DigitGateId, number>> = Object.freeze(
  Object.fromEntries(DIGIT_GATE_IDS.map((id, i) => [id, i])) as Record<DigitGateId, number>,
);

/** Each gate on its own (tests, documentation); the scanner asks `digitGateBits` once per run. */
export const DIGIT_GATES: Readonly<Record<DigitGateId, (run: DigitRun, text: string) => boolean>> =
  Object.freeze(
    Object.fromEntries(
      DIGIT_GATE_IDS.map((id, i) => [id, (r: DigitRun, t: string) => (digitGateBits(r, t) & (1 << i)) !== 0]),
    ) as Record<DigitGateId, (run: DigitRun, text: string) => boolean>,
  );
