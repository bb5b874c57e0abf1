import { digitAt, digitsOf } from './normalise.js';

/**
 * Luhn (reference §2.1): from the rightmost digit, double every second digit, subtract 9 from
 * doubled values over 9; valid iff the sum is divisible by 10.
 */
export function luhnValid(value: string): boolean {
  const digits = digitsOf(value);
  if (digits.length < 2) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digitAt(digits, i);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}
