import type { Compilable, Kysely, Transaction } from 'kysely';
import type { Database } from './database.js';
import { prepared } from './prepared.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Most values of one statement's list; a longer list is read in chunks of this many. */
export const IN_LIST_MAX = 512;
const SMALLEST = 8;

/** The size a list of `n` values is padded to: a power of two, at least SMALLEST, at most IN_LIST_MAX. */
export function paddedSize(n: number): number {
  let size = SMALLEST;
  while (size < n) size *= 2;
  return Math.min(size, IN_LIST_MAX);
}

/**
 * A read whose statement ends in `column in (…list…)`, run with the list padded to a handful of
 * sizes (powers of two, the last value repeated: `in` is a set, a repeat changes no answer). Each
 * size is built and compiled once per dialect (db/prepared.ts) and stays in SQLite's statement
 * cache (db/statement-cache.ts), where a list of every length was a new SQL text to build,
 * compile and prepare, and pushed the hot inserts out of that cache. Ingest's correlation and
 * scoring make several such reads per batch (docs/agent-interface.md, Throughput).
 *
 * `build` gets the fixed arguments and the list, and must bind every one of them as given.
 */
export function inListRead<F extends unknown[], R>(
  name: string,
  build: (db: Db, fixed: F, list: string[]) => Compilable<R>,
): (db: Db, fixed: F, list: readonly string[]) => Promise<R[]> {
  const bySize = new Map<number, (db: Db, ...args: unknown[]) => Promise<{ rows: R[] }>>();
  const statement = (size: number, arity: number) => {
    let st = bySize.get(size);
    if (!st) {
      st = prepared(`${name}.in${size}`, (db: Db, ...args: unknown[]) =>
        build(db, args.slice(0, arity) as F, args.slice(arity) as string[]),
      );
      bySize.set(size, st);
    }
    return st;
  };
  return async (db, fixed, list) => {
    const out: R[] = [];
    // Each value once: a value repeated in two chunks would answer its rows twice.
    const values = [...new Set(list)];
    for (let i = 0; i < values.length; i += IN_LIST_MAX) {
      const part = values.slice(i, i + IN_LIST_MAX);
      const size = paddedSize(part.length);
      const last = part[part.length - 1] as string;
      while (part.length < size) part.push(last);
      const r = await statement(size, fixed.length)(db, ...fixed, ...part);
      for (const row of r.rows) out.push(row);
    }
    return out;
  };
}
