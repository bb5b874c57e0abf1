import { digitAt, digitsOf } from './normalise.js';

/**
 * Russian SNILS (reference §2.6): s = Σ_{i=1..9} d_i·(10−i); the check is s below 100,
 * 0 for 100 and 101, else s mod 101 with 100 read as 0. Defined only above 001-001-998.
 */
export function ruSnilsValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11) return false;
  if (Number(d.slice(0, 9)) <= 1001998) return false;
  let s = 0;
  for (let i = 0; i < 9; i++) s += digitAt(d, i) * (9 - i);
  let check: number;
  if (s < 100) check = s;
  else if (s === 100 || s === 101) check = 0;
  else {
    check = s % 101;
    if (check === 100) check = 0;
  }
  return check === Number(d.slice(9));
}
