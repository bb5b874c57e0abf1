import { digitAt, digitsOf } from './normalise.js';

/**
 * US ABA routing number: 9 digits, Federal Reserve prefix 00–12, 21–32, 61–72 or 80, and
 * 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10).
 */
export function abaValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 9) return false;
  const prefix = Number(d.slice(0, 2));
  const prefixOk =
    prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  if (!prefixOk) return false;
  let sum = 0;
  for (let i = 0; i < 9; i += 3) sum += 3 * digitAt(d, i) + 7 * digitAt(d, i + 1) + digitAt(d, i + 2);
  return sum % 10 === 0;
}
