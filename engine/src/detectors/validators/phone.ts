import { digitsOf } from './normalise.js';

/**
 * National significant number lengths (ITU-T E.164 national numbering plans) for the product's
 * markets and neighbours whose plans have one fixed length: +1 NANP, +7 Russia/Kazakhstan,
 * +90 Türkiye, +994 Azerbaijan, +380 Ukraine, +995 Georgia, +998 Uzbekistan, +375 Belarus,
 * +374 Armenia, +373 Moldova, +996 Kyrgyzstan, +992 Tajikistan, +993 Turkmenistan, +44 UK
 * (10 digits for geographic and mobile numbers), +33 France, +34 Spain, +48 Poland, +31
 * Netherlands. Other codes keep the E.164 bounds only.
 */
const NATIONAL_LENGTH: Readonly<Record<string, number>> = {
  '1': 10,
  '7': 10,
  '90': 10,
  '994': 9,
  '380': 9,
  '995': 9,
  '998': 9,
  '375': 9,
  '374': 8,
  '373': 8,
  '996': 9,
  '992': 9,
  '993': 8,
  '44': 10,
  '33': 9,
  '34': 9,
  '48': 9,
  '31': 9,
};
const CODES = Object.keys(NATIONAL_LENGTH).sort((a, b) => b.length - a.length);

/**
 * Phone number plausibility. International form (`+` or `00` prefix): E.164 allows at most 15
 * digits; for the codes above the national number must have that country's length.
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
  for (const cc of CODES) {
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
