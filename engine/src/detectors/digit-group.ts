/**
 * The longest stretch of consecutive ASCII digits every match of a catalogue pattern must hold,
 * read from the pattern's source (issue 24: speed). A window whose longest digit group is
 * shorter cannot match, so the scanner does not run the pattern there — a log timestamp
 * `22:17:05.123` (groups of 2–3) no longer runs `\d{9}` or `\d{4}\.\d{2}\.\d{3}`.
 *
 * The reading is deliberately narrow, and 0 ("no bound") whenever in doubt: only a `\d{n}`,
 * `\d{n,}` or `\d{n,m}` at the top level of the pattern counts (never inside a group, a
 * lookaround or a character class), and a top-level alternation gives no bound at all. `\d` is
 * ASCII 0-9 in every JavaScript flag combination, so the bound holds with `u` and `i` too.
 */

/** Lower bound on the longest run of ASCII digits in any match of `source` (0: none known). */
export function minDigitGroup(source: string): number {
  let depth = 0;
  let best = 0;
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i]!;
    if (c === '\\') {
      if (depth === 0 && source[i + 1] === 'd' && source[i + 2] === '{') {
        const m = /^\{(\d+)(?:,(\d*))?\}/.exec(source.slice(i + 2));
        if (m) {
          const after = source[i + 2 + m[0].length];
          // A quantifier after the count (`\d{3}?`, `\d{3}*`) may make it optional: no bound.
          if (after !== '?' && after !== '*' && after !== '{' && after !== '+') {
            best = Math.max(best, Number(m[1]));
          }
          i += 2 + m[0].length;
          continue;
        }
      }
      i += 2;
      continue;
    }
    if (c === '[') {
      // Skip the character class (escapes inside included; `]` first is a literal in JS only
      // with `[^]`/`[]`, which hold no `\d{`).
      i++;
      while (i < n && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return 0;
    i++;
  }
  return best;
}

/**
 * Length of the longest run of consecutive ASCII digits in `s`, or `cap` as soon as a run
 * reaches it (the scanner only compares with bounds up to `cap`, so it stops reading there).
 */
export function longestDigitGroup(s: string, cap = Number.POSITIVE_INFINITY): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 57 && c >= 48) {
      run++;
      if (run > best) {
        best = run;
        if (best >= cap) return cap;
      }
    } else run = 0;
  }
  return best;
}
