import { digitAt, digitsOf } from './normalise.js';

/**
 * Turkish tax number VKN (reference §2.5): over the first nine digits right-to-left (i = 1..9),
 * c1 = (d + i) mod 10; if c1 ≠ 0, c2 = (c1 · 2^i) mod 9 with 0 read as 9, summed;
 * check = (10 − sum mod 10) mod 10.
 */
export function vknValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10) return false;
  let sum = 0;
  for (let i = 1; i <= 9; i++) {
    const digit = digitAt(d, 9 - i);
    const c1 = (digit + i) % 10;
    if (c1 !== 0) {
      const c2 = (c1 * 2 ** i) % 9;
      sum += c2 === 0 ? 9 : c2;
    }
  }
  return (10 - (sum % 10)) % 10 === digitAt(d, 9);
}
