import path from 'node:path';
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Database } from './database.js';

/**
 * The signed agent requests' own SQLite connections (docs/deploy.md, Check-ins beside ingest).
 * On SQLite every statement of the main handle shares one connection, and an ingest transaction
 * holds it from BEGIN to COMMIT; a check-in needing it waited for the whole transaction. So a
 * SQLite main handle gets two more connections, opened on first use:
 *
 * - a reader on the same file (WAL: it reads the last committed state while a transaction is
 *   open on the main connection), for the device lookup and the check-in's reads;
 * - the nonce file (`agent-nonces.db` beside the database): spending a nonce is a write, and a
 *   second connection cannot write the main file while the main connection's transaction is open,
 *   so the replay cache has a file of its own. It commits on its own, survives a restart (a
 *   replay is still refused after one), and holds nothing else: a nonce lives 300 s.
 *
 * On PostgreSQL both are the main handle: its pool already serves statements side by side.
 * connect.ts (the only file that knows the driver) opens the connections; this file decides
 * which one a caller gets.
 */
export const NONCE_FILE = 'agent-nonces.db';

/** A further connection to a SQLite file, opened by connect.ts. */
export interface SideSqlite {
  db: Kysely<Database>;
  /** Runs one statement synchronously (schema set-up when the file is opened). */
  run(sqlText: string, ...params: unknown[]): void;
  close(): void;
}

/** What connect.ts records about a SQLite main handle. */
export interface SqliteMain {
  file: string;
  /** Whether a transaction is open on the main connection now. */
  inTransaction(): boolean;
  open(file: string, options: { readonly: boolean }): SideSqlite;
}

interface Sides extends SqliteMain {
  reader?: Kysely<Database>;
  nonces?: Kysely<Database>;
  /** The side connections themselves, closed with the main one. */
  opened: SideSqlite[];
}

const byAdapter = new WeakMap<object, Sides>();

// biome-ignore lint/suspicious/noExplicitAny: any database shape
function sidesOf(db: Kysely<any>): Sides | undefined {
  return byAdapter.get(db.getExecutor().adapter);
}

/** Called by connect.ts only; answers the function that closes the side connections. */
export function recordSqliteMain(db: Kysely<Database>, main: SqliteMain): () => void {
  const sides: Sides = { ...main, opened: [] };
  byAdapter.set(db.getExecutor().adapter, sides);
  return () => {
    for (const c of sides.opened.splice(0)) c.close();
    sides.reader = undefined;
    sides.nonces = undefined;
  };
}

/**
 * Whether a transaction is open on `db`'s main SQLite connection now (an ingest slice, say):
 * a statement sent to `db` would wait until it commits. Always false on PostgreSQL.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database shape
export function mainConnectionHeld(db: Kysely<any>): boolean {
  return sidesOf(db)?.inTransaction() ?? false;
}

/** A read-only connection on the same SQLite file (the main handle on PostgreSQL). */
export function readerOf(db: Kysely<Database>): Kysely<Database> {
  const sides = sidesOf(db);
  if (!sides) return db;
  if (!sides.reader) {
    const side = sides.open(sides.file, { readonly: true });
    sides.opened.push(side);
    sides.reader = side.db;
  }
  return sides.reader;
}

/** The replay cache's own SQLite file and connection (the main handle on PostgreSQL). */
export function noncesOf(db: Kysely<Database>): Kysely<Database> {
  const sides = sidesOf(db);
  if (!sides) return db;
  if (!sides.nonces) {
    const side = sides.open(path.join(path.dirname(sides.file), NONCE_FILE), { readonly: false });
    sides.opened.push(side);
    // The table of migration 0300, in a file of its own.
    side.run(`create table if not exists agent_nonces (
      device_id text not null, nonce text not null, expires_at text not null,
      constraint agent_nonces_pk primary key (device_id, nonce)) without rowid`);
    side.run('create index if not exists agent_nonces_expiry on agent_nonces (expires_at)');
    // Nonces spent in the main file before an upgrade moved them here stay refused.
    side.run('attach database ? as before_upgrade', sides.file);
    side.run(
      `insert or ignore into agent_nonces (device_id, nonce, expires_at)
       select device_id, nonce, expires_at from before_upgrade.agent_nonces where expires_at > ?`,
      new Date().toISOString(),
    );
    side.run('detach database before_upgrade');
    sides.nonces = side.db;
  }
  return sides.nonces;
}

/**
 * Gives the event loop a turn after each statement on SQLite's main connection. better-sqlite3
 * runs statements synchronously, so an ingest slice (tens of milliseconds of correlation and
 * inserts) was one unbroken stretch of the event loop, and a check-in arriving meanwhile waited
 * for all of it. With a turn after each statement, a check-in (whose statements use the reader
 * and nonce connections, above, and never wait for the main one) is answered between two
 * statements of a slice; the slice keeps its one transaction. The batch's statements before its
 * slices (its idempotency record, known event ids, policies) give a turn each too.
 */
class TurnAfterStatement implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return args.result;
  }
}

const interruptible = new WeakMap<Sides, Kysely<Database>>();

/**
 * The handle ingest writes through (agent-api routes): on SQLite the main handle with a turn of
 * the event loop after each statement (above); on PostgreSQL the main handle,
 * whose statements already wait on the network.
 */
export function interruptibleWriter(db: Kysely<Database>): Kysely<Database> {
  const sides = sidesOf(db);
  if (!sides) return db;
  let w = interruptible.get(sides);
  if (!w) {
    w = db.withPlugin(new TurnAfterStatement());
    interruptible.set(sides, w);
  }
  return w;
}
