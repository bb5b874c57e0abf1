import { shannonEntropy } from './normalise.js';

/** Values that stand for a secret rather than being one. */
const PLACEHOLDERS = new Set([
  'password',
  'passwd',
  'secret',
  'changeme',
  'change_me',
  'null',
  'none',
  'nil',
  'true',
  'false',
  'undefined',
  'empty',
  'required',
  'optional',
  'string',
  'redacted',
  'hidden',
  'xxxxxx',
  'yourpassword',
  'your_password',
  'example',
  'placeholder',
]);

/**
 * The value of a `password = …` assignment: not a placeholder, a template or variable reference
 * (`${X}`, `$X`, `%X%`, `{{x}}`, `<x>`), a masked run (`****`), or a single repeated character.
 */
export function secretValueValid(value: string): boolean {
  if (value.length < 6) return false;
  if (PLACEHOLDERS.has(value.toLowerCase())) return false;
  if (/^(?:\$\{.*\}|\$[A-Za-z_]\w*|%[A-Za-z_]\w*%|\{\{.*\}\}|<.*>|\(.*\))$/.test(value)) return false;
  if (/^[*x•.#-]+$/i.test(value) || /^(.)\1+$/.test(value)) return false;
  if (/^(?:process\.env|os\.environ|env\(|getenv|config\.|settings\.|self\.|this\.)/i.test(value))
    return false;
  // Prose such as "password: please reset it" is not an assignment of a secret: require at
  // least two character kinds (lower, upper, digit, symbol), as generated and chosen secrets have.
  let kinds = 0;
  if (/[a-z\p{Ll}]/u.test(value)) kinds++;
  if (/[A-Z\p{Lu}]/u.test(value)) kinds++;
  if (/\d/.test(value)) kinds++;
  if (/[^\p{L}\d]/u.test(value)) kinds++;
  return kinds >= 2 && shannonEntropy(value) >= 2;
}
