import {
  type Compilable,
  CompiledQuery,
  type Kysely,
  type QueryResult,
  type RawBuilder,
  type Transaction,
} from 'kysely';
import type { Database } from './database.js';
import { type DialectName, dialectOf } from './dialect.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Where a bound value of the compiled statement comes from: an argument, or a constant. */
type Binding = { arg: number } | { constant: unknown };

interface Template {
  sql: string;
  bindings: Binding[];
  arity: number;
}

const SLOT = '\u0000prepared-argument:';

/**
 * A statement of a hot path built with the query builder once per dialect and then run with the
 * arguments bound (docs/deploy.md, Sizing: per-request cost). Building and compiling a query
 * costs more CPU than SQLite spends running a one-row statement, and a signed agent request runs
 * about ten of them. `build` is called once with a stand-in for each argument; each stand-in
 * must reach the SQL as a bound value as written (no argument may decide the statement's shape:
 * a shape that depends on a value is two statements). Constants the builder binds stay bound.
 */
export function prepared<A extends unknown[], R>(
  name: string,
  build: (db: Db, ...args: A) => Compilable<R> | RawBuilder<R>,
): (db: Db, ...args: A) => Promise<QueryResult<R>> {
  const byDialect = new Map<DialectName, Template>();
  const templateFor = (db: Db, arity: number): Template => {
    const dialect = dialectOf(db);
    const known = byDialect.get(dialect);
    if (known) {
      if (known.arity !== arity)
        throw new Error(`${name}: called with ${arity} arguments, not ${known.arity}`);
      return known;
    }
    const slots = Array.from({ length: arity }, (_, i) => `${SLOT}${i}`) as unknown as A;
    // A query builder compiles on its own; a raw `sql` statement needs the database to compile for.
    const compiled = (build(db, ...slots) as RawBuilder<R>).compile(db);
    const bindings = compiled.parameters.map((p): Binding => {
      if (typeof p === 'string' && p.startsWith(SLOT)) return { arg: Number(p.slice(SLOT.length)) };
      if (typeof p === 'string' && p.includes(SLOT))
        throw new Error(`${name}: an argument was changed before it was bound`);
      return { constant: p };
    });
    if (compiled.sql.includes(SLOT)) throw new Error(`${name}: an argument reached the SQL text`);
    const template = { sql: compiled.sql, bindings, arity };
    byDialect.set(dialect, template);
    return template;
  };
  return async (db, ...args) => {
    const t = templateFor(db, args.length);
    const values = t.bindings.map((b) => ('arg' in b ? args[b.arg] : b.constant));
    return db.executeQuery(CompiledQuery.raw(t.sql, values) as CompiledQuery<R>);
  };
}

/** The first row of a prepared statement's answer. */
export function firstRow<R>(result: QueryResult<R>): R | undefined {
  return result.rows[0];
}

/** Rows an INSERT, UPDATE or DELETE changed. */
export function changedRows(result: QueryResult<unknown>): number {
  return Number(result.numAffectedRows ?? 0n);
}
