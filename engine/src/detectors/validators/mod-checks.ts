/** Weighted-sum helpers shared by national identifier checks. */
import { digitAt } from './normalise.js';

/** Σ weights[i]·digit[i] over the first weights.length digits. */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += weights[i]! * digitAt(digits, i);
  return sum;
}

/** ISO 7064 MOD 11,10 check over all but the last digit; true when the last digit matches. */
export function iso7064Mod11And10Valid(digits: string): boolean {
  let product = 10;
  for (let i = 0; i < digits.length - 1; i++) {
    let sum = (digitAt(digits, i) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === digitAt(digits, digits.length - 1);
}

/** Remainder of a decimal digit string (any length) modulo m, chunked to stay exact. */
export function modDigits(digits: string, m: number): number {
  let r = 0;
  for (let i = 0; i < digits.length; i++) r = (r * 10 + digitAt(digits, i)) % m;
  return r;
}
