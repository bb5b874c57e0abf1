import { IBAN_REGISTRY } from './iban-registry.js';
import { alnumUpper } from './normalise.js';

/** ISO 13616 mod-97 over the rearranged IBAN, fed digit by digit (letters as two digits). */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let r = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const c = rearranged.charCodeAt(i);
    if (c >= 48 && c <= 57) r = (r * 10 + (c - 48)) % 97;
    else r = (r * 100 + (c - 55)) % 97; // A=10 … Z=35
  }
  return r;
}

function bbanShapeMatches(bban: string, shape: string): boolean {
  for (let i = 0; i < shape.length; i++) {
    const c = bban.charCodeAt(i);
    const digit = c >= 48 && c <= 57;
    const letter = c >= 65 && c <= 90;
    const kind = shape[i];
    if (kind === 'n' ? !digit : kind === 'a' ? !letter : !(digit || letter)) return false;
  }
  return true;
}

/**
 * IBAN (reference §2.3): registry country, registry length, BBAN structure, mod 97 = 1.
 * Spaces, dashes and dots are ignored; case is not significant.
 */
export function ibanValid(value: string): boolean {
  const iban = alnumUpper(value);
  const country = IBAN_REGISTRY[iban.slice(0, 2)];
  if (!country || iban.length !== country.length) return false;
  if (!/^\d\d$/.test(iban.slice(2, 4))) return false;
  if (!bbanShapeMatches(iban.slice(4), country.bban)) return false;
  return ibanMod97(iban) === 1;
}
