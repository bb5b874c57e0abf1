import { personTextProblem, type TextForm } from '@custos/engine';
import type { Ajv, SchemaValidateFunction } from 'ajv';
import { Type } from 'typebox';

/**
 * The schema side of the person-text rule (issue 14, engine `personTextProblem`): a body field
 * declared with `PersonText` is checked by the validation layer itself, so every route that takes
 * a name, label, description or reason refuses control characters, direction overrides and
 * credential-shaped values with the same 422 (`request.invalid`, the field named, never the
 * value) before its handler runs, and nothing is stored.
 */
export const PERSON_TEXT_KEYWORD = 'x-person-text';

const validatePersonText: SchemaValidateFunction = (form: TextForm, data: unknown): boolean => {
  if (typeof data !== 'string') return true;
  const problem = personTextProblem(data, form);
  if (problem === null) return true;
  validatePersonText.errors = [{ keyword: PERSON_TEXT_KEYWORD, message: problem, params: { problem } }];
  return false;
};

export function addPersonTextKeyword(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: PERSON_TEXT_KEYWORD,
    type: 'string',
    schemaType: 'string',
    errors: true,
    validate: validatePersonText,
  });
}

/**
 * A string a person writes and others read. `line`: names, labels, display names (one line);
 * `multiline`: descriptions, reasons, messages (line breaks and tabs allowed).
 */
export function PersonText(form: TextForm, bounds: { minLength?: number; maxLength: number }) {
  return Type.String({ ...bounds, [PERSON_TEXT_KEYWORD]: form });
}
