/** UK and US identifiers beyond SSN/NINO: NHS number, ITIN, driving licence. */
import { isRealDate, twoDigits } from './dates.js';
import { weightedSum } from './mod-checks.js';
import { digitAt, digitsOf } from './normalise.js';

/** UK NHS number (reference §2.8): 10 digits, c = 11 − (Σ(10..2)·d mod 11), 11 → 0, 10 invalid. */
export function nhsValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10 || /^(\d)\1+$/.test(d)) return false;
  let c = 11 - (weightedSum(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  if (c === 11) c = 0;
  return c !== 10 && c === digitAt(d, 9);
}

/**
 * US ITIN (IRS): 9XX-GG-SSSS with the group in 50–65, 70–88, 90–92 or 94–99. Structural: the
 * number has no check digit.
 */
export function usItinValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 9 || d[0] !== '9') return false;
  const g = twoDigits(d, 3);
  return (g >= 50 && g <= 65) || (g >= 70 && g <= 88) || (g >= 90 && g <= 92) || g >= 94;
}

/**
 * UK driving licence number (DVLA): 5 characters of the surname (padded with 9), decade digit,
 * month (+50 for women), day, year digit, two initials (9 padded), a digit and two check
 * letters. The date must be real; the check letters are not public.
 */
export function ukDrivingLicenceValid(value: string): boolean {
  const v = value.replace(/\s/g, '').toUpperCase();
  const m = /^[A-Z9]{5}(\d)(\d{2})(\d{2})(\d)[A-Z9]{2}\d[A-Z]{2}(?:\d{2})?$/.exec(v);
  if (!m) return false;
  let month = Number(m[2]);
  if (month > 50) month -= 50;
  return isRealDate(1900 + Number(m[1]) * 10 + Number(m[4]), month, Number(m[3]));
}
