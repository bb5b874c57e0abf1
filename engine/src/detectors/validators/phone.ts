import { digitsOf } from './normalise.js';

/** National significant number lengths for the country codes of our markets (E.164). */
const NATIONAL_LENGTH: Readonly<Record<string, number>> = { '1': 10, '7': 10, '90': 10, '994': 9 };

/**
 * Phone number plausibility. International form (`+` or `00` prefix): E.164 allows at most 15
 * digits; for +1, +7, +90 and +994 the national number must have that country's length.
 * National forms are already shaped by the pattern (US NANP, TR, AZ, RU), so only their digit
 * count is checked here.
 */
export function phoneValid(value: string): boolean {
  const trimmed = value.trimStart();
  let d = digitsOf(value);
  const international = trimmed.startsWith('+') || d.startsWith('00');
  if (!international) return d.length >= 7 && d.length <= 11;
  if (d.startsWith('00')) d = d.slice(2);
  if (d.length < 8 || d.length > 15 || d[0] === '0') return false;
  for (const cc of ['994', '90', '7', '1']) {
    if (d.startsWith(cc)) return d.length - cc.length === NATIONAL_LENGTH[cc];
  }
  return true;
}

/**
 * Shape check: a bare run of digits is a phone number only with a trunk prefix (0 in TR and AZ,
 * 8 in RU) or the international 00. A bare 10-digit number is far more often an identifier
 * (INN, VKN, VÖEN, an account) than a phone; written phone numbers carry +, brackets or spaces.
 */
export function phoneShapeValid(value: string): boolean {
  if (!/^\d+$/.test(value)) return true;
  return value.startsWith('0') || value.startsWith('8');
}
