import type { ExplanationLine } from './types.js';

/** Explanation text is bounded so no line can carry a document's worth of anything. */
export const EXPLANATION_TEXT_MAX = 240;

export function line(code: string, text: string): ExplanationLine {
  return {
    code,
    text: text.length > EXPLANATION_TEXT_MAX ? `${text.slice(0, EXPLANATION_TEXT_MAX - 1)}…` : text,
  };
}

/** A reason word from outside (e.g. why content was not read), reduced to a safe token. */
export function reasonToken(value: string): string {
  return /^[a-z0-9_.-]{1,40}$/.test(value) ? value : 'other';
}
