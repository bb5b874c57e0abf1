import { type SourceFile, stripComments, type Violation } from './import-graph-check.js';

/**
 * Where SQL may be written (docs/architecture.md, "Module seams"): in a module only in its stores
 * (`store.ts`, `<topic>-store.ts`); outside the modules in `server/src/db/`. Pure: files in,
 * sorted violations out, one `sql <file>` line per module file that builds a query.
 *
 * A file builds a query when, outside comments and template text, it calls a Kysely query
 * builder (`selectFrom`, `selectNoFrom`, `insertInto`, `replaceInto`, `updateTable`, `deleteFrom`,
 * `mergeInto`, the schema builder) or uses the `sql` tag (`sql\`…\``, `sql<T>\`…\``, `sql.raw(…)`
 * …). Opening a transaction is not a query: a service opens one and hands it to its stores.
 */

const MODULES_ROOT = 'server/src/modules/';

/** A store, or the file that declares a module's tables. */
export function mayHoldSql(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === 'store.ts' || name.endsWith('-store.ts') || name === 'tables.ts';
}

const QUERY_PATTERNS: readonly RegExp[] = [
  /\.\s*(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(/g,
  /\.\s*schema\s*\.\s*(create|alter|drop)\w*\s*\(/g,
  /(?<![\w$.])sql\s*(<[^`;]*>)?\s*`/g,
  /(?<![\w$.])sql\s*\.\s*(raw|ref|lit|join|table|id|val|value)\s*\(/g,
];

/** How many query-building uses a file's text holds. */
export function countQueries(text: string): number {
  const code = stripComments(text);
  return QUERY_PATTERNS.reduce((n, pattern) => n + (code.match(pattern)?.length ?? 0), 0);
}

export function checkSqlPlacement(files: readonly SourceFile[]): Violation[] {
  return files
    .filter((f) => f.path.startsWith(MODULES_ROOT) && !mayHoldSql(f.path) && countQueries(f.text) > 0)
    .map((f) => {
      const dir = f.path.slice(0, f.path.lastIndexOf('/') + 1);
      return {
        line: `sql ${f.path}`,
        hint: `move the queries into ${dir}store.ts (or a <topic>-store.ts beside it) and call them from here`,
      };
    })
    .sort((a, b) => (a.line < b.line ? -1 : a.line > b.line ? 1 : 0));
}
