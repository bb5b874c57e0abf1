import { digitsOf } from './normalise.js';

/**
 * Card issuer (IIN) prefixes and lengths (reference §2.2, plus Mir and Troy for our markets).
 * Each row: inclusive prefix range of `width` digits, and the allowed total lengths.
 */
interface IinRange {
  brand: string;
  width: number;
  from: number;
  to: number;
  lengths: readonly number[];
}

const range = (brand: string, from: string, to: string, lengths: readonly number[]): IinRange => ({
  brand,
  width: from.length,
  from: Number(from),
  to: Number(to),
  lengths,
});
const span = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);

export const CARD_IIN_TABLE: readonly IinRange[] = [
  range('visa', '4', '4', [13, 16, 18, 19]),
  range('mastercard', '51', '55', [16]),
  range('mastercard', '2221', '2720', [16]),
  range('amex', '34', '34', [15]),
  range('amex', '37', '37', [15]),
  range('diners', '300', '305', [14, 16, 19]),
  range('diners', '36', '36', [14, 16, 19]),
  range('diners', '38', '39', [14, 16, 19]),
  // Troy (Türkiye): 65 is Discover's range too, so the Discover rows would admit it at 16; the
  // specific rows come first so the brand is named right, and 9792 is Troy's own range.
  range('troy', '650082', '650083', [16]),
  range('troy', '650273', '650274', [16]),
  range('troy', '650456', '650457', [16]),
  range('troy', '650846', '650850', [16]),
  range('troy', '658767', '658768', [16]),
  range('troy', '9792', '9792', [16]),
  range('discover', '6011', '6011', [16, 19]),
  range('discover', '644', '649', [16, 19]),
  range('discover', '65', '65', [16, 19]),
  range('jcb', '2131', '2131', span(16, 19)),
  range('jcb', '1800', '1800', span(16, 19)),
  range('jcb', '3528', '3589', span(16, 19)),
  range('unionpay', '620', '629', span(14, 19)),
  range('unionpay', '8110', '8171', span(14, 19)),
  range('maestro', '500000', '504174', span(12, 19)),
  range('maestro', '504176', '506698', span(12, 19)),
  range('maestro', '506779', '508999', span(12, 19)),
  range('maestro', '56', '59', span(12, 19)),
  range('maestro', '6304', '6304', span(12, 19)),
  range('maestro', '6759', '6759', span(12, 19)),
  range('maestro', '676770', '676770', span(12, 19)),
  range('maestro', '676774', '676774', span(12, 19)),
  range('mir', '2200', '2204', span(16, 19)),
];

/** The brand whose IIN range and length admit this number, or undefined. */
export function cardBrand(value: string): string | undefined {
  const digits = digitsOf(value);
  for (const row of CARD_IIN_TABLE) {
    if (digits.length < row.width || !row.lengths.includes(digits.length)) continue;
    const prefix = Number(digits.slice(0, row.width));
    if (prefix >= row.from && prefix <= row.to) return row.brand;
  }
  return undefined;
}

/**
 * Structural check: the number has a known issuer prefix and a length that issuer uses. A
 * Maestro number of 12–15 digits written without separators is refused: order, account and
 * customer numbers of that length starting 5 or 6 are far more common than such cards.
 */
export function cardIinValid(value: string): boolean {
  const brand = cardBrand(value);
  if (brand === 'maestro' && value.length < 16 && /^\d+$/.test(value)) return false;
  return brand !== undefined;
}
