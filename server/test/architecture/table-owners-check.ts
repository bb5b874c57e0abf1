import { type SourceFile, stripComments, type Violation } from './import-graph-check.js';

/**
 * Who may name a table (docs/architecture.md, "Table owners"). Pure: files in, sorted
 * violations out, one `table <file> -> <table>` line per module file that names a table another
 * module owns.
 *
 * A module owns the tables its `tables.ts` (or `<topic>-tables.ts`) adds to `interface Database`;
 * the foundation's tables (`server/src/db/foundation-tables.ts`: users, sessions, step_ups,
 * audit_events) sit below every module, like `db/` itself, and any module may name them. A file
 * names a table when a query builder takes it (`selectFrom`, `insertInto`, `updateTable`,
 * `deleteFrom`, `replaceInto`, `mergeInto`, any `…Join`, `with`-free forms, a list of tables
 * too, `'t as alias'` included) or when SQL text in a `sql` template reads
 * `from|join|into|update|table <t>`. Another module's table is reached through that module's
 * `public.ts` instead.
 */

const MODULES_ROOT = 'server/src/modules/';
const FOUNDATION = 'server/src/db/foundation-tables.ts';

export type TableOwners = ReadonlyMap<string, string>;

function moduleOf(path: string): string | null {
  if (!path.startsWith(MODULES_ROOT)) return null;
  const rest = path.slice(MODULES_ROOT.length);
  const slash = rest.indexOf('/');
  return slash < 0 ? null : rest.slice(0, slash);
}

function declaresTables(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === 'tables.ts' || name.endsWith('-tables.ts');
}

/** The table names an `interface Database { … }` block of a file adds, with their owner. */
export function tableOwners(files: readonly SourceFile[]): TableOwners {
  const owners = new Map<string, string>();
  for (const f of files) {
    const owner = f.path === FOUNDATION ? 'foundation' : declaresTables(f.path) ? moduleOf(f.path) : null;
    if (!owner) continue;
    const code = stripComments(f.text);
    for (const block of code.matchAll(/interface\s+Database\s*\{([^}]*)\}/g)) {
      for (const m of block[1]!.matchAll(/(?:^|[;,\n])\s*([a-z_][a-z0-9_]*)\s*:/g)) owners.set(m[1]!, owner);
    }
  }
  return owners;
}

const BUILDER =
  /(?<![\w$])(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral)\s*\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g;
const SQL_TEXT = /\b(?:from|join|into|update|table)\s+"?([a-z_][a-z0-9_]*)/gi;

/** The tables a file's text names (builder arguments and the SQL text of `sql` templates). */
export function namedTables(text: string): Set<string> {
  const names = new Set<string>();
  const code = stripComments(text);
  for (const m of code.matchAll(BUILDER)) {
    for (const q of m[2]!.matchAll(/['"]([^'"]*)['"]/g)) {
      const table = q[1]!.trim().split(/\s+as\s+|\s+/)[0]!;
      if (table) names.add(table);
    }
  }
  // SQL text lives in templates, which stripComments blanks: read each `sql` template of the
  // comment-free text (same offsets) from the original.
  for (const m of code.matchAll(/(?<![\w$.])sql\s*(?:<[^`;]*>)?\s*`/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = code.indexOf('`', start);
    const body = text.slice(start, end < 0 ? undefined : end).replace(/\$\{[^}]*\}/g, ' ');
    for (const t of body.matchAll(SQL_TEXT)) names.add(t[1]!.toLowerCase());
  }
  return names;
}

export function checkTableOwners(files: readonly SourceFile[]): Violation[] {
  const owners = tableOwners(files);
  const violations: Violation[] = [];
  for (const f of files) {
    const mine = moduleOf(f.path);
    if (!mine || declaresTables(f.path)) continue;
    for (const table of namedTables(f.text)) {
      const owner = owners.get(table);
      if (!owner || owner === mine || owner === 'foundation') continue;
      violations.push({
        line: `table ${f.path} -> ${table}`,
        hint: `${table} belongs to ${owner}: call a function of server/src/modules/${owner}/public.ts (add one to ${owner}'s store if none fits)`,
      });
    }
  }
  return violations.sort((a, b) => (a.line < b.line ? -1 : a.line > b.line ? 1 : 0));
}
