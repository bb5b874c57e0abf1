/**
 * Length-preserving case folding and Unicode-aware word characters.
 *
 * Offsets must survive Turkish dotted/dotless I and Cyrillic text (issue 3; reference §2.10):
 * `"İ".toLowerCase()` is two code units, which shifts every later offset. The fold table maps
 * each UTF-16 code unit to exactly one code unit, so folded and original text align 1:1 and a
 * keyword found in the folded view has the same offsets in the original.
 *
 * Folding (keyword and anchor matching only, never the reported value):
 * - simple lower-casing where it yields one code unit;
 * - I, İ, ı and i all fold to `i` (Turkish/Azerbaijani dotted and dotless i; people type
 *   either, and an English-keyboard `KIMLIK` must still find `kimlik`);
 * - the Turkic letters ş ç ğ ö ü ə fold to s c g o u e (text typed without diacritics);
 * - Cyrillic ё folds to е (routinely written without the diaeresis).
 */
let foldTable: Uint16Array | undefined;
let wordTable: Uint8Array | undefined;

const EXTRA_FOLDS: Readonly<Record<string, string>> = {
  I: 'i',
  İ: 'i',
  ı: 'i',
  Ş: 's',
  ş: 's',
  Ç: 'c',
  ç: 'c',
  Ğ: 'g',
  ğ: 'g',
  Ö: 'o',
  ö: 'o',
  Ü: 'u',
  ü: 'u',
  Ə: 'e',
  ə: 'e',
  Ё: 'е',
  ё: 'е',
};

/** Code unit → folded code unit, for all 65,536 UTF-16 code units. Built once, deterministic. */
export function getFoldTable(): Uint16Array {
  if (foldTable) return foldTable;
  const table = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) {
    if (c >= 0xd800 && c <= 0xdfff) {
      table[c] = c; // lone surrogate halves: astral characters are not folded
      continue;
    }
    const lower = String.fromCharCode(c).toLowerCase();
    table[c] = lower.length === 1 ? lower.charCodeAt(0) : c;
  }
  for (const [from, to] of Object.entries(EXTRA_FOLDS)) table[from.charCodeAt(0)] = to.charCodeAt(0);
  foldTable = table;
  return table;
}

/** Fold a string with the table above (same length as the input). */
export function foldText(text: string): string {
  const table = getFoldTable();
  let out = '';
  for (let i = 0; i < text.length; i++) out += String.fromCharCode(table[text.charCodeAt(i)]!);
  return out;
}

/**
 * 1 for code units that belong to a word (letters, marks, digits, underscore in any script),
 * 0 otherwise. Surrogate halves count as word characters (astral letters are letters).
 */
export function getWordTable(): Uint8Array {
  if (wordTable) return wordTable;
  const table = new Uint8Array(65536);
  const word = /[\p{L}\p{M}\p{N}_]/u;
  for (let c = 0; c < 65536; c++) {
    if (c >= 0xd800 && c <= 0xdfff) table[c] = 1;
    else if (word.test(String.fromCharCode(c))) table[c] = 1;
  }
  wordTable = table;
  return table;
}

/** True when position `i` of `text` is a word character (false outside the string). */
export function isWordAt(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  return getWordTable()[text.charCodeAt(i)] === 1;
}
