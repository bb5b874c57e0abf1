/**
 * National identifiers of northern, central and eastern EU states with published check
 * algorithms (python-stdnum modules named per function; docs/detectors.md lists them).
 */
import { isRealDate, twoDigits } from './dates.js';
import { luhnValid } from './luhn.js';
import { iso7064Mod11And10Valid, modDigits, weightedSum } from './mod-checks.js';
import { digitAt, digitsOf } from './normalise.js';

/**
 * PL PESEL (stdnum pl/pesel): YYMMDD with the century in the month (+80 1800s, +0 1900s,
 * +20 2000s, +40 2100s, +60 2200s), serial, check = (10 − Σ(1,3,7,9,…)·d mod 10) mod 10.
 */
export function plPeselValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11) return false;
  const mm = twoDigits(d, 2);
  const century = [1900, 2000, 2100, 2200, 1800][Math.floor(mm / 20)]!;
  if (!isRealDate(century + twoDigits(d, 0), mm % 20, twoDigits(d, 4))) return false;
  return (10 - (weightedSum(d, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10 === digitAt(d, 10);
}

/**
 * SE personnummer / samordningsnummer (stdnum se/personnummer): [YY]YYMMDD, - or + (over 100),
 * NNN and a Luhn check digit over the 10-digit form; co-ordination numbers add 60 to the day.
 */
export function sePersonnummerValid(value: string): boolean {
  const m = /^(\d{2})?(\d{6})[-+ ]?(\d{4})$/.exec(value.trim());
  if (!m) return false;
  const ten = m[2]! + m[3]!;
  let day = twoDigits(ten, 4);
  if (day > 60) day -= 60;
  const yy = twoDigits(ten, 0);
  const month = twoDigits(ten, 2);
  const year = m[1] ? Number(m[1]) * 100 + yy : 2000 + yy;
  if (!isRealDate(year, month, day) && !isRealDate(year - 100, month, day)) return false;
  return luhnValid(ten);
}

const HETU_CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY';

/**
 * FI henkilötunnus (stdnum fi/hetu): DDMMYY, century sign (+ 1800s; - Y X W V U 1900s;
 * A B C D E F 2000s), NNN (002–899), check character = table[(DDMMYYNNN) mod 31].
 */
export function fiHetuValid(value: string): boolean {
  const m = /^(\d{6})([-+A-FU-Y])(\d{3})([0-9A-Y])$/.exec(alnumUpperKeep(value));
  if (!m) return false;
  const sign = m[2]!;
  const century = sign === '+' ? 1800 : 'ABCDEF'.includes(sign) ? 2000 : 1900;
  const dd = m[1]!;
  if (!isRealDate(century + twoDigits(dd, 4), twoDigits(dd, 2), twoDigits(dd, 0))) return false;
  const serial = Number(m[3]);
  if (serial < 2) return false;
  return HETU_CHECK[Number(dd + m[3]) % 31] === m[4];
}

function alnumUpperKeep(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * EE isikukood and LT asmens kodas (stdnum ee/ik, lt/asmens): G YYMMDD SSS C; weights 1–9,1
 * mod 11, and when that is 10 weights 3–9,1,2,3 mod 11, 10 → 0.
 */
export function balticPersonalCodeValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11) return false;
  const g = digitAt(d, 0);
  if (g < 1 || g > 6) return false;
  const century = 1800 + Math.floor((g - 1) / 2) * 100;
  if (!isRealDate(century + twoDigits(d, 1), twoDigits(d, 3), twoDigits(d, 5))) return false;
  let c = weightedSum(d, [1, 2, 3, 4, 5, 6, 7, 8, 9, 1]) % 11;
  if (c === 10) c = weightedSum(d, [3, 4, 5, 6, 7, 8, 9, 1, 2, 3]) % 11;
  if (c === 10) c = 0;
  return c === digitAt(d, 10);
}

/** BG EGN (stdnum bg/egn): YYMMDD (month +20 1800s, +40 2000s), weights 2,4,8,5,10,9,7,3,6 mod 11, 10 → 0. */
export function bgEgnValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10) return false;
  let mm = twoDigits(d, 2);
  let year = 1900 + twoDigits(d, 0);
  if (mm > 40) {
    mm -= 40;
    year += 100;
  } else if (mm > 20) {
    mm -= 20;
    year -= 100;
  }
  if (!isRealDate(year, mm, twoDigits(d, 4))) return false;
  return (weightedSum(d, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10 === digitAt(d, 9);
}

/** RO CNP (stdnum ro/cnp): S YYMMDD JJ NNN C, weights 2,7,9,1,4,6,3,5,8,2,7,9 mod 11, 10 → 1. */
export function roCnpValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 13 || d[0] === '0') return false;
  const century = [0, 1900, 1900, 1800, 1800, 2000, 2000, 1900, 1900, 1900][digitAt(d, 0)]!;
  if (!isRealDate(century + twoDigits(d, 1), twoDigits(d, 3), twoDigits(d, 5))) return false;
  const c = weightedSum(d, [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9]) % 11;
  return (c === 10 ? 1 : c) === digitAt(d, 12);
}

/**
 * CZ/SK rodné číslo (stdnum cz/rc): YYMMDD/SSSC; women add 50 to the month (and since 2004 20
 * or 70 may be added); the 10-digit number is divisible by 11 (or the first nine mod 11 is 10
 * and the check is 0). 9-digit numbers (before 1954) have no check and are not matched.
 */
export function czBirthNumberValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10) return false;
  let mm = twoDigits(d, 2);
  if (mm > 70) mm -= 70;
  else if (mm > 50) mm -= 50;
  else if (mm > 20) mm -= 20;
  const yy = twoDigits(d, 0);
  const year = yy < 54 ? 2000 + yy : 1900 + yy;
  if (!isRealDate(year, mm, twoDigits(d, 4))) return false;
  const r = modDigits(d.slice(0, 9), 11);
  return (r === 10 ? 0 : r) === digitAt(d, 9);
}

/** HR OIB (stdnum hr/oib): 11 digits, ISO 7064 MOD 11,10. */
export function hrOibValid(value: string): boolean {
  const d = digitsOf(value);
  return d.length === 11 && iso7064Mod11And10Valid(d);
}
