/** Keyword spelling rules shared by built-in and custom detectors. */
import { foldText, isWordAt } from './text/unicode.js';

export interface ParsedKeyword {
  /** folded text matched by the prefilter */
  folded: string;
  /** `word*`: suffixed forms match too (Turkish, Azerbaijani and Russian inflect by suffix) */
  stem: boolean;
  /** the keyword starts with a word character, so it must not continue a preceding word */
  wordStart: boolean;
  /** the keyword is not a stem and ends with a word character, so no word may continue it */
  wordEnd: boolean;
}

/** Parse a catalogue keyword: trailing `*` marks a stem; case and Turkic diacritics fold. */
export function parseKeyword(keyword: string): ParsedKeyword {
  const stem = keyword.endsWith('*');
  const text = (stem ? keyword.slice(0, -1) : keyword).normalize('NFC').trim();
  const folded = foldText(text);
  return {
    folded,
    stem,
    wordStart: isWordAt(folded, 0),
    wordEnd: !stem && isWordAt(folded, folded.length - 1),
  };
}
