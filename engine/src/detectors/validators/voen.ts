import { digitAt, digitsOf } from './normalise.js';

const WEIGHTS = [4, 1, 8, 6, 2, 7, 5, 3];

/**
 * Azerbaijani VÖEN (reference §2.7): 10 digits (a 9-digit value is left-padded with 0);
 * the last digit is 1 (legal entity) or 2 (natural person);
 * d9 = (Σ w·d over the first eight, w = 4,1,8,6,2,7,5,3) mod 11, where 10 is invalid.
 */
export function voenValid(value: string): boolean {
  let d = digitsOf(value);
  if (d.length === 9) d = `0${d}`;
  if (d.length !== 10) return false;
  const kind = digitAt(d, 9);
  if (kind !== 1 && kind !== 2) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += WEIGHTS[i]! * digitAt(d, i);
  const check = sum % 11;
  return check !== 10 && check === digitAt(d, 8);
}
