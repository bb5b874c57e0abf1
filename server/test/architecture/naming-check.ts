import { type SourceFile, stripComments, type Violation } from './import-graph-check.js';

/**
 * One spelling of "enroll" in internal names (docs/architecture.md, "Names"): identifiers and file
 * paths under the source trees use the wire's spelling — `enroll`, `enrollment`, as in
 * `enrollment_token`, `/agent/enroll` and `dlp-agent enroll` — never `enrol`/`enrolment`.
 * (`enrolled`/`enrolling` are spelled alike either way.) Pure: files in, sorted violations out.
 *
 * Prose (comments, template text) and string literals are not names and may spell as they
 * like; a string the wire fixed in the other spelling needs no entry here. What the code must
 * still name in the other spelling because another party fixed it is listed in
 * `FIXED_NAMES` with its reason.
 */

/** Names fixed elsewhere (none today): identifier → why it cannot change. */
export const FIXED_NAMES: Readonly<Record<string, string>> = {};

const OTHER_SPELLING = /enrol(?!l)/i;

/** The code with comments, template text and quoted strings blanked (newlines stay). */
export function codeOnly(text: string): string {
  return stripComments(text).replace(
    /(['"])(?:\\.|(?!\1)[^\\\n])*\1/g,
    (s) => s[0] + ' '.repeat(s.length - 2) + s[0],
  );
}

/** The identifiers in a file's code that spell it the other way. */
export function otherSpellings(text: string): string[] {
  const names = codeOnly(text).match(/[A-Za-z_$][\w$]*/g) ?? [];
  return [...new Set(names.filter((n) => OTHER_SPELLING.test(n) && !(n in FIXED_NAMES)))].sort();
}

export function checkEnrollSpelling(files: readonly SourceFile[]): Violation[] {
  const out: Violation[] = [];
  for (const f of files) {
    if (OTHER_SPELLING.test(f.path))
      out.push({ line: `spelling path ${f.path}`, hint: 'rename the file with git mv (enrol → enroll)' });
    const names = otherSpellings(f.text);
    if (names.length > 0)
      out.push({
        line: `spelling ${f.path}: ${names.join(', ')}`,
        hint: 'internal names spell it enroll/enrollment, like the wire (docs/architecture.md, "Names")',
      });
  }
  return out.sort((a, b) => (a.line < b.line ? -1 : a.line > b.line ? 1 : 0));
}
