/** Validators see the raw matched text; these helpers strip the separators people type. */

/** The ASCII digits of `value`, in order (spaces, dashes, dots, slashes, brackets dropped). */
export function digitsOf(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) out += value[i];
  }
  return out;
}

/** Upper-cased ASCII letters and digits of `value` (for IBAN, BIC, NINO). */
export function alnumUpper(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90)) out += value[i];
    else if (c >= 97 && c <= 122) out += String.fromCharCode(c - 32);
  }
  return out;
}

/** Digit at position i as a number (caller guarantees a digit string). */
export function digitAt(digits: string, i: number): number {
  return digits.charCodeAt(i) - 48;
}

/** Shannon entropy in bits per character (reference §2.9, generic secrets). */
export function shannonEntropy(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  const n = value.length;
  for (const count of counts.values()) {
    const p = count / n;
    h -= p * Math.log2(p);
  }
  return h;
}
