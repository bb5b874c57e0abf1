import { digitAt, digitsOf } from './normalise.js';

/**
 * T.C. Kimlik No (reference §2.4): 11 digits, first not 0;
 * d10 = ((d1+d3+d5+d7+d9)·7 − (d2+d4+d6+d8)) mod 10; d11 = (d1+…+d10) mod 10.
 */
export function tcknValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || d[0] === '0') return false;
  const at = (i: number): number => digitAt(d, i - 1);
  const odd = at(1) + at(3) + at(5) + at(7) + at(9);
  const even = at(2) + at(4) + at(6) + at(8);
  const c10 = (((odd * 7 - even) % 10) + 10) % 10;
  if (c10 !== at(10)) return false;
  let sum = 0;
  for (let i = 1; i <= 10; i++) sum += at(i);
  return sum % 10 === at(11);
}
