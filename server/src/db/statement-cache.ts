import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; the least recently used one is dropped past this. */
const MAX_STATEMENTS = 256;

/**
 * Kysely's SQLite driver prepares every statement on every execution. Preparing a multi-row
 * insert (event ingest writes 100 rows of 30 columns per statement) costs about as much as
 * running it, so the prepared statements are kept by SQL text and reused
 * (docs/agent-interface.md, Throughput). A statement still being iterated (a streamed query)
 * is never handed out twice: a busy one is bypassed with a fresh, uncached statement. SQLite
 * re-prepares a cached statement by itself when the schema changes (sqlite3_prepare_v2).
 */
export function withStatementCache(
  db: BetterSqlite3.Database,
  options: { max?: number; onClose?: () => void } = {},
): SqliteDatabase {
  const max = options.max ?? MAX_STATEMENTS;
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      db.close();
      options.onClose?.();
    },
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit !== undefined) {
        if (hit.busy) return db.prepare(sql);
        // Map order is insertion order: re-inserting marks it most recently used.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = db.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}
