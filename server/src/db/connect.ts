import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { type DialectName, recordDialect } from './dialect.js';
import { registerQueryBudget } from './query-budget.js';
import { recordSqliteMain, type SideSqlite } from './side-connections.js';
import { withStatementCache } from './statement-cache.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startWalCheckpointer } from './wal-checkpointer.js';

export type { DialectName } from './dialect.js';

export interface Connection {
  db: Kysely<Database>;
  dialect: DialectName;
}

export interface ConnectOptions {
  dataDir: string;
  /** null = SQLite in the data directory; `postgres://…` = PostgreSQL. */
  databaseUrl: string | null;
}

export const SQLITE_FILE = 'custos.db';
/** The serving connection's page cache, in KiB. */
export const PAGE_CACHE_KIB = 65_536;
/** The page size of a database this process creates, in bytes. */
export const PAGE_SIZE = 16_384;

/**
 * The only file that knows which driver runs (STYLE.md, Kysely): stores take Kysely<Database>
 * and never import better-sqlite3 or pg.
 */
export function connectDatabase(options: ConnectOptions): Connection {
  if (options.databaseUrl) {
    // int8 comes back as a string from pg; counts and sizes here fit a JS number.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return recorded(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
  }
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dataDir, SQLITE_FILE);
  const sqlite = new BetterSqlite3(file);
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite;
  // busy_timeout makes a second writer wait instead of failing with SQLITE_BUSY.
  // A new database gets 16 KiB pages (SQLite's default is 4 KiB; an existing file keeps its own):
  // a commit appends every page it dirtied to the WAL, and ingest dirties pages all over the
  // incident and event indexes, so fewer, larger pages cut the commit's work (docs/architecture.md,
  // Page size). Set before anything is written: it cannot change once the file is in WAL mode.
  sqlite.pragma(`page_size = ${PAGE_SIZE}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // A 64 MiB page cache (SQLite's default is 2 MiB): event ingest inserts random event ids
  // into the events' key index, whose pages otherwise fall out of the cache on every batch.
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  // WAL checkpoints run on a thread of their own (db/wal-checkpointer.ts).
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  registerQueryBudget(sqlite);
  const checkpointer = startWalCheckpointer(file);
  let closeSides = () => {};
  const database = withStatementCache(sqlite, {
    onClose: () => {
      closeSides();
      checkpointer.stop();
    },
  });
  const connection = recorded(new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), 'sqlite');
  // The signed agent requests' reader and nonce connections (db/side-connections.ts).
  closeSides = recordSqliteMain(connection.db, {
    file,
    inTransaction: () => sqlite.inTransaction,
    open: openSideSqlite,
  });
  return connection;
}

/**
 * A further connection to a SQLite file (db/side-connections.ts): the reader on the main file
 * (read-only; WAL lets it read while the main connection writes) or the nonce file.
 */
function openSideSqlite(file: string, options: { readonly: boolean }): SideSqlite {
  const sqlite = options.readonly
    ? new BetterSqlite3(file, { readonly: true, fileMustExist: true })
    : new BetterSqlite3(file);
  if (!options.readonly) {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
  }
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -16384');
  const database = withStatementCache(sqlite);
  const { db } = recorded(new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), 'sqlite');
  return {
    db,
    run: (sqlText, ...params) => {
      sqlite.prepare(sqlText).run(...params);
    },
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}

/** The handle with its dialect recorded (db/dialect.ts): code that differs asks `dialectOf`. */
function recorded(db: Kysely<Database>, dialect: DialectName): Connection {
  recordDialect(db as unknown as Kysely<never>, dialect);
  return { db, dialect };
}
