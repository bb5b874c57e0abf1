/**
 * National identifiers of western EU states with published check algorithms (python-stdnum
 * modules named per function; docs/detectors.md lists them).
 */
import { isRealDate, twoDigits } from './dates.js';
import { iso7064Mod11And10Valid, modDigits, weightedSum } from './mod-checks.js';
import { alnumUpper, digitAt, digitsOf } from './normalise.js';

/**
 * DE Steuerliche Identifikationsnummer (stdnum de/idnr): 11 digits, first not 0; in the first
 * ten exactly one digit repeats (twice, or three times not all adjacent), ISO 7064 MOD 11,10.
 */
export function deSteuerIdValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || d[0] === '0') return false;
  const counts = new Array<number>(10).fill(0);
  for (let i = 0; i < 10; i++) counts[digitAt(d, i)]!++;
  const repeated = counts.filter((c) => c > 1);
  if (repeated.length !== 1 || repeated[0]! > 3) return false;
  if (/(\d)\1\1/.test(d.slice(0, 10))) return false;
  return iso7064Mod11And10Valid(d);
}

/**
 * FR NIR / numéro de sécurité sociale (stdnum fr/nir): sex 1/2 (3, 4, 7, 8 for provisional),
 * YY, MM (01–12, 20–42, 50–99 allowed for unknown months), department (2A/2B for Corsica),
 * commune, order, key = 97 − (first 13 mod 97). Corsica: 2A → 19, 2B → 18 before the modulo.
 */
export function frNirValid(value: string): boolean {
  const v = alnumUpper(value);
  if (!/^[1-478]\d{4}(?:\d{2}|2A|2B)\d{8}$/.test(v)) return false;
  let body = v.slice(0, 13);
  if (body.slice(5, 7) === '2A') body = `${body.slice(0, 5)}19${body.slice(7)}`;
  else if (body.slice(5, 7) === '2B') body = `${body.slice(0, 5)}18${body.slice(7)}`;
  const month = twoDigits(v, 3);
  if (month === 0 || (month > 12 && month < 20)) return false;
  return 97 - modDigits(body, 97) === Number(v.slice(13));
}

const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const CF_OMOCODE = 'LMNPQRSTUV';

/**
 * IT codice fiscale (stdnum it/codicefiscale): 16 characters, omocodia letters allowed in the
 * digit positions, month letter A B C D E H L M P R S T, day 1–31 or 41–71, check letter from
 * the odd/even value tables mod 26.
 */
export function itCodiceFiscaleValid(value: string): boolean {
  const v = alnumUpper(value);
  if (!/^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(v))
    return false;
  const digitOf = (ch: string): number => (ch >= '0' && ch <= '9' ? Number(ch) : CF_OMOCODE.indexOf(ch));
  const day = digitOf(v[9]!) * 10 + digitOf(v[10]!);
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = v.charCodeAt(i);
    const k = c <= 57 ? c - 48 : c - 65;
    sum += i % 2 === 0 ? CF_ODD[k]! : k;
  }
  return v.charCodeAt(15) - 65 === sum % 26;
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** ES DNI (stdnum es/dni): 8 digits and the letter of (number mod 23). */
export function esDniValid(value: string): boolean {
  const v = alnumUpper(value);
  if (!/^\d{8}[A-Z]$/.test(v)) return false;
  return DNI_LETTERS[Number(v.slice(0, 8)) % 23] === v[8];
}

/** ES NIE (stdnum es/nie): X, Y or Z (read as 0, 1, 2), 7 digits, the DNI letter. */
export function esNieValid(value: string): boolean {
  const v = alnumUpper(value);
  if (!/^[XYZ]\d{7}[A-Z]$/.test(v)) return false;
  return DNI_LETTERS[Number(`${'XYZ'.indexOf(v[0]!)}${v.slice(1, 8)}`) % 23] === v[8];
}

/** NL BSN (stdnum nl/bsn, "elfproef"): 9 digits, Σ(9..2)·d − d9 ≡ 0 (mod 11), not all zero. */
export function nlBsnValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 9 || /^0+$/.test(d)) return false;
  return (weightedSum(d, [9, 8, 7, 6, 5, 4, 3, 2]) - digitAt(d, 8)) % 11 === 0;
}

/**
 * BE national register number (stdnum be/nn): YYMMDD, 3-digit serial, check = 97 − (first nine
 * mod 97); people born from 2000 on prefix a 2 before the modulo.
 */
export function beNationalNumberValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11) return false;
  const check = Number(d.slice(9));
  if (97 - modDigits(d.slice(0, 9), 97) === check) return true;
  return 97 - modDigits(`2${d.slice(0, 9)}`, 97) === check;
}

/** PT NIF (stdnum pt/nif): 9 digits, first in 1–3, 5, 6, 8, 9; mod-11 check digit (10 → 0). */
export function ptNifValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 9 || !/^[1235689]/.test(d)) return false;
  const c = 11 - (weightedSum(d, [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  return (c >= 10 ? 0 : c) === digitAt(d, 8);
}

/**
 * IE PPS number (stdnum ie/pps): 7 digits, a check letter, optionally a second letter (A or H,
 * or W); check = (Σ(8..2)·d + 9·value(second letter)) mod 23, 0 → W, else A–V.
 */
export function iePpsnValid(value: string): boolean {
  const v = alnumUpper(value);
  const m = /^(\d{7})([A-W])([A-IW]?)$/.exec(v);
  if (!m) return false;
  const second = m[3] && m[3] !== 'W' ? m[3].charCodeAt(0) - 64 : 0;
  const r = (weightedSum(m[1]!, [8, 7, 6, 5, 4, 3, 2]) + 9 * second) % 23;
  return 'WABCDEFGHIJKLMNOPQRSTUV'[r] === m[2];
}

/** Birth date YYMMDD at `i` is a real day in some century (used by DK CPR). */
export function plausibleYyMmDd(d: string, i: number): boolean {
  const yy = twoDigits(d, i);
  return (
    isRealDate(2000 + yy, twoDigits(d, i + 2), twoDigits(d, i + 4)) ||
    isRealDate(1900 + yy, twoDigits(d, i + 2), twoDigits(d, i + 4))
  );
}

/** DK CPR: DDMMYY-SSSS with a real date (the mod-11 rule was dropped in 2007). */
export function dkCprValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10) return false;
  return plausibleYyMmDd(`${d.slice(4, 6)}${d.slice(2, 4)}${d.slice(0, 2)}`, 0);
}
