/**
 * The literal every match of a tenant pattern must start with, when there is one. Used as a
 * document-level prefilter: a tenant detector whose literal does not occur in the text is not
 * run at all. Only a conservative subset of RE2 syntax is read — anything unclear yields no
 * literal, which simply means the pattern runs (the prefilter may over-admit, never under-admit).
 */

/** Characters that stand for themselves in RE2 outside a class. */
const PLAIN = /[A-Za-z0-9 _\-:#@/=,;'"<>%&!~]/;
/** Escaped punctuation that stands for itself (`\.`, `\-` …). */
const ESCAPED = /[.\-+*?()[\]{}|^$\\/#&~]/;

/**
 * The required literal prefix (at least 3 characters), or undefined. `caseInsensitive` also
 * covers a leading `(?i)`. In case-insensitive mode, a literal with `k` or `s` is not used:
 * RE2 folds them with the Kelvin sign and the long s, which the prefilter's folding does not.
 */
export function requiredLiteral(pattern: string, caseInsensitive: boolean): string | undefined {
  let p = pattern;
  let insensitive = caseInsensitive;
  if (p.startsWith('(?i)')) {
    insensitive = true;
    p = p.slice(4);
  }
  if (hasTopLevelAlternation(p)) return undefined;
  let literal = '';
  let i = 0;
  while (i < p.length) {
    const ch = p[i]!;
    let unit: string;
    let width: number;
    if (ch === '\\' && i + 1 < p.length && ESCAPED.test(p[i + 1]!)) {
      unit = p[i + 1]!;
      width = 2;
    } else if (PLAIN.test(ch)) {
      unit = ch;
      width = 1;
    } else break;
    // A quantifier after this unit makes it optional or repeated: stop before it.
    const next = p[i + width];
    if (next === '?' || next === '*' || next === '{') break;
    literal += unit;
    i += width;
    if (next === '+') break; // one occurrence is required, more are not part of the prefix
  }
  if (literal.length < 3) return undefined;
  if (insensitive && /[ks]/i.test(literal)) return undefined;
  return literal;
}

function hasTopLevelAlternation(p: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const ch = p[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) return true;
  }
  return false;
}
