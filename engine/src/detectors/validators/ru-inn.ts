import { digitAt, digitsOf } from './normalise.js';

const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function checkDigit(d: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += weights[i]! * digitAt(d, i);
  return (sum % 11) % 10;
}

/**
 * Russian INN (reference §2.6): 10 digits (legal entity, one check digit) or 12 digits
 * (person, two check digits), each Σ w·d mod 11 mod 10.
 */
export function ruInnValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length === 10) return checkDigit(d, W10) === digitAt(d, 9);
  if (d.length === 12) return checkDigit(d, W11) === digitAt(d, 10) && checkDigit(d, W12) === digitAt(d, 11);
  return false;
}
