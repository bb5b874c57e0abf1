import { isCredentialShaped } from './credential-text.js';

/**
 * The one rule for text a person writes and another person reads (names, labels, descriptions,
 * reasons, messages shown on endpoints): issue 14. `line` texts (names, labels) are one line;
 * `multiline` texts (descriptions, reasons, notices) may also hold line breaks and tabs.
 *
 * Refused: control characters (NUL, ESC and the rest of C0, DEL, C1), the bidirectional
 * embeddings, overrides and isolates that make text read differently from how it is stored
 * (U+202A–U+202E, U+2066–U+2069), a lone surrogate (not text at all), the Unicode line and
 * paragraph separators in a one-line text, and a credential-shaped value. The messages name the
 * rule, never the text.
 */
export type TextForm = 'line' | 'multiline';

const LINE_UNSAFE = /[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;
const MULTILINE_UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cs}\u202a-\u202e\u2066-\u2069]/u;

export const UNSAFE_TEXT_MESSAGE =
  'must not contain control characters, direction overrides or unpaired surrogates';
export const UNSAFE_LINE_MESSAGE =
  'must be one line without control characters, direction overrides or unpaired surrogates';
export const CREDENTIAL_TEXT_MESSAGE = 'must not contain a credential-shaped value';

/** Null when `text` may be stored and shown; otherwise the sentence naming the rule it breaks. */
export function personTextProblem(text: string, form: TextForm): string | null {
  if (form === 'line' ? LINE_UNSAFE.test(text) : MULTILINE_UNSAFE.test(text))
    return form === 'line' ? UNSAFE_LINE_MESSAGE : UNSAFE_TEXT_MESSAGE;
  if (isCredentialShaped(text)) return CREDENTIAL_TEXT_MESSAGE;
  return null;
}

/** Adds the rule's refusal for `field` when `value` is a text that breaks it. */
export function checkPersonText(
  errors: { add(field: string, message: string): void },
  field: string,
  value: unknown,
  form: TextForm,
): void {
  if (typeof value !== 'string') return;
  const problem = personTextProblem(value, form);
  if (problem) errors.add(field, problem);
}
