import { type Compilable, CompiledQuery, type InsertQueryNode, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database.js';
import { dialectOf } from './dialect.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A multi-row insert (or upsert) whose values are given as arrays in `columns` order. Built with
 * the query builder for rows of nulls, compiled once per dialect and row count, then run with
 * the real values bound: building and compiling a 100-row, 29-column insert for every chunk cost
 * as much CPU as SQLite spent storing it (docs/agent-interface.md, Throughput).
 */
export interface RowStatement<T> {
  /** Names the statement in the template cache. */
  name: string;
  columns: readonly (keyof T & string)[];
  /** Most rows per statement. */
  max: number;
  /** The statement for these rows (given as rows of nulls); every value it binds comes from them. */
  build(db: Db, rows: T[]): Compilable<unknown>;
}

/** Compiled SQL by statement, dialect and row count. */
const templates = new Map<string, string>();

/**
 * Row counts per statement: whole chunks of `max`, then the rest in powers of two, so that a
 * statement only ever runs in a handful of sizes (each prepared once and kept by SQLite's
 * statement cache, db/statement-cache.ts).
 */
export function chunkSizes(n: number, max: number): number[] {
  const out: number[] = [];
  let left = n;
  while (left >= max) {
    out.push(max);
    left -= max;
  }
  for (let size = 2 ** Math.floor(Math.log2(Math.max(1, max))); left > 0; size /= 2) {
    if (size <= left) {
      out.push(size);
      left -= size;
    }
  }
  return out;
}

function nullRow<T>(columns: readonly (keyof T & string)[]): T {
  return Object.fromEntries(columns.map((c) => [c, null])) as T;
}

function template<T>(db: Db, st: RowStatement<T>, dialect: string, rows: number): string {
  const key = `${st.name}|${rows}|${dialect}`;
  const known = templates.get(key);
  if (known !== undefined) return known;
  const row = nullRow<T>(st.columns);
  const compiled = st
    .build(
      db,
      Array.from({ length: rows }, () => row),
    )
    .compile();
  const columns = (compiled.query as InsertQueryNode).columns?.map((c) => c.column.name) ?? [];
  // The values are bound row by row in `columns` order, and nothing else is bound.
  if (columns.join(',') !== st.columns.join(',') || compiled.parameters.length !== rows * st.columns.length)
    throw new Error(`${st.name}: the statement does not bind its columns row by row`);
  templates.set(key, compiled.sql);
  return compiled.sql;
}

/** Runs the statement over every row (each row's values in `st.columns` order). */
export async function runRows<T>(
  db: Db,
  st: RowStatement<T>,
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const dialect = dialectOf(db);
  let at = 0;
  for (const size of chunkSizes(rows.length, st.max)) {
    const values: unknown[] = [];
    for (let r = at; r < at + size; r += 1) for (const v of rows[r] as unknown[]) values.push(v);
    at += size;
    await db.executeQuery(CompiledQuery.raw(template(db, st, dialect, size), values));
  }
}
