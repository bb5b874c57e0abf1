/**
 * Justification rules of document 2 (docs/exception-requests.md, Justifications). Pure: the agent
 * applies them before it accepts an answer, the server applies them again to what arrives.
 */

export type JustificationProblem =
  | 'too_short'
  | 'too_few_words'
  | 'repeated_characters'
  | 'repeated_word'
  | 'category_label';

export interface JustificationRules {
  /** The category's label as the person saw it; typing it back is not a reason. */
  category_label?: string | null;
  /** The policy's `min_chars`; counted in characters of the trimmed text. */
  min_chars?: number;
}

/** Three distinct words are the least a reason can be. */
export const MIN_DISTINCT_WORDS = 3;
/** A run of this many equal characters (`aaa`, `...`, `!!!`) is keyboard filler, not text. */
export const REPEAT_RUN = 3;

/** Lower-case runs of letters and digits, in order. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function hasRun(text: string): boolean {
  const chars = [...text];
  let run = 1;
  for (let i = 1; i < chars.length; i++) {
    const same = chars[i] === chars[i - 1] && !/\s/u.test(chars[i] ?? '');
    run = same ? run + 1 : 1;
    if (run >= REPEAT_RUN) return true;
  }
  return false;
}

function hasRepeatedWord(words: readonly string[]): boolean {
  return words.some((w, i) => i > 0 && w === words[i - 1]);
}

function isLabelTypedBack(words: readonly string[], label: string | null | undefined): boolean {
  if (!label) return false;
  const own = new Set(wordsOf(label));
  if (own.size === 0) return false;
  return words.every((w) => own.has(w));
}

/**
 * Every rule the text breaks, in a fixed order; empty when it is accepted. A repeated word means
 * the same word twice in a row (`test test`); a word used again later in a sentence is language.
 * The category label typed back means every word of the text is a word of the label.
 */
export function justificationProblems(text: string, rules: JustificationRules = {}): JustificationProblem[] {
  const trimmed = text.trim();
  const words = wordsOf(trimmed);
  const out: JustificationProblem[] = [];
  if ([...trimmed].length < Math.max(0, rules.min_chars ?? 0)) out.push('too_short');
  if (new Set(words).size < MIN_DISTINCT_WORDS) out.push('too_few_words');
  if (hasRun(trimmed)) out.push('repeated_characters');
  if (hasRepeatedWord(words)) out.push('repeated_word');
  if (isLabelTypedBack(words, rules.category_label)) out.push('category_label');
  return out;
}

/** The sentence shown to the person for each problem (no echo of what they typed). */
export const JUSTIFICATION_MESSAGES: Readonly<Record<JustificationProblem, string>> = {
  too_short: 'the reason is shorter than this policy asks for',
  too_few_words: 'write the reason in at least three different words',
  repeated_characters: 'the reason repeats one character several times in a row',
  repeated_word: 'the reason repeats a word',
  category_label: 'the reason only repeats the category you chose',
};
