/**
 * Identifiers of Kazakhstan, Ukraine, Uzbekistan and Russia (beyond INN/SNILS) with published
 * check algorithms; docs/detectors.md names the sources.
 */
import { isRealDate, twoDigits } from './dates.js';
import { modDigits, weightedSum } from './mod-checks.js';
import { digitAt, digitsOf } from './normalise.js';

/**
 * KZ IIN/BIN (Government decree 565 of 2003; OECD TIN sheet): 12 digits; c = Σ(1..11)·d mod 11,
 * when 10 then Σ(3..11,1,2)·d mod 11, and 10 again is never issued. An IIN starts YYMMDD with
 * a century/sex digit 1–6; a BIN (legal entity) has 4–6 in its fifth position.
 */
export function kzIinValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 12) return false;
  const kind = digitAt(d, 4);
  const person = digitAt(d, 6) >= 1 && digitAt(d, 6) <= 6 && kind <= 3;
  if (person) {
    const century = 1800 + Math.floor((digitAt(d, 6) - 1) / 2) * 100;
    if (!isRealDate(century + twoDigits(d, 0), twoDigits(d, 2), twoDigits(d, 4))) return false;
  } else if (kind < 4 || kind > 6) return false;
  let c = weightedSum(d, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) % 11;
  if (c === 10) c = weightedSum(d, [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2]) % 11;
  return c !== 10 && c === digitAt(d, 11);
}

/**
 * UA RNOKPP (stdnum ua/rntrc): 10 digits, c = (Σ(−1,5,7,9,4,6,10,5,7)·d mod 11) mod 10.
 */
export function uaRnokppValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10) return false;
  const s = weightedSum(d, [-1, 5, 7, 9, 4, 6, 10, 5, 7]);
  return (((s % 11) + 11) % 11) % 10 === digitAt(d, 9);
}

/**
 * UA EDRPOU (stdnum ua/edrpou): 8 digits; weights 1–7 (7,1–6 when the code starts 3, 4 or 5);
 * when the sum mod 11 is 10, weights +2 and mod 11 mod 10.
 */
export function uaEdrpouValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 8) return false;
  const base = '345'.includes(d[0]!) ? [7, 1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5, 6, 7];
  let c = weightedSum(d, base) % 11;
  if (c === 10)
    c =
      (weightedSum(
        d,
        base.map((w) => w + 2),
      ) %
        11) %
      10;
  return c === digitAt(d, 7);
}

/**
 * UZ PINFL (JShShIR): 14 digits — century/sex digit 1–6, DDMMYY, district code, serial, and a
 * check digit Σ(7,3,1,…)·d mod 10 over the first thirteen.
 */
export function uzPinflValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 14) return false;
  const g = digitAt(d, 0);
  if (g < 1 || g > 6) return false;
  const century = 1800 + Math.floor((g - 1) / 2) * 100;
  if (!isRealDate(century + twoDigits(d, 5), twoDigits(d, 3), twoDigits(d, 1))) return false;
  return weightedSum(d, [7, 3, 1, 7, 3, 1, 7, 3, 1, 7, 3, 1, 7]) % 10 === digitAt(d, 13);
}

/**
 * RU OGRN / OGRNIP (reference §2.6; stdnum ru/ogrn): 13 digits, first not 0, d13 = (first 12
 * mod 11) mod 10; 15 digits starting 3 or 4, d15 = (first 14 mod 13) mod 10.
 */
export function ruOgrnValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length === 13) return d[0] !== '0' && modDigits(d.slice(0, 12), 11) % 10 === digitAt(d, 12);
  if (d.length === 15)
    return (d[0] === '3' || d[0] === '4') && modDigits(d.slice(0, 14), 13) % 10 === digitAt(d, 14);
  return false;
}
