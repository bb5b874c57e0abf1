import { type Kysely, sql } from 'kysely';
import type { Database } from './database.js';
import { dialectOf } from './dialect.js';

/**
 * Tenant-wide work that must run one at a time across every server instance (issue 23): the
 * bundle compile and each release action that compiles.
 *
 * - In the process, callers of one key queue on a promise chain, so an instance sends at most one
 *   waiter per key to the database.
 * - On PostgreSQL the holder then takes `pg_advisory_xact_lock(<kind>, hashtext(<key>))` in a
 *   transaction of its own and keeps that transaction open while the work runs on other pool
 *   connections; the lock ends with that transaction (commit, error or a dropped connection), so
 *   a crashed instance never leaves it held. The work commits before the lock ends, so the next
 *   holder reads what it wrote. Two keys whose hashes collide only wait for each other.
 * - On SQLite there is one instance (one process writes the file), so the process chain is the
 *   whole lock: several processes on one SQLite file are not a supported deployment.
 *
 * At most `MAX_DATABASE_HOLDERS` keys hold a lock connection at once per instance, so the lock
 * transactions never take the pool (10 connections, connect.ts) from the work they wait for.
 */
export const LOCK_KIND = { compile: 1 } as const;
export type LockKind = keyof typeof LOCK_KIND;

const MAX_DATABASE_HOLDERS = 3;

/** One per database handle (one instance): the chains by key and the lock connections in use. */
interface HandleLocks {
  chains: Map<string, Promise<unknown>>;
  holders: number;
  waiting: (() => void)[];
}
const byHandle = new WeakMap<Kysely<Database>, HandleLocks>();

function locksOf(db: Kysely<Database>): HandleLocks {
  let locks = byHandle.get(db);
  if (!locks) {
    locks = { chains: new Map(), holders: 0, waiting: [] };
    byHandle.set(db, locks);
  }
  return locks;
}

async function holderSlot(locks: HandleLocks): Promise<() => void> {
  if (locks.holders >= MAX_DATABASE_HOLDERS)
    await new Promise<void>((resolve) => locks.waiting.push(resolve));
  else locks.holders += 1;
  return () => {
    const next = locks.waiting.shift();
    if (next) next();
    else locks.holders -= 1;
  };
}

async function underDatabaseLock<T>(
  db: Kysely<Database>,
  kind: LockKind,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  if (dialectOf(db) !== 'postgres') return work();
  const release = await holderSlot(locksOf(db));
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LOCK_KIND[kind]}, hashtext(${key}))`.execute(trx);
      return work();
    });
  } finally {
    release();
  }
}

/** Runs `work` while holding the lock `kind`/`key` in this process and in the database. */
export async function withDatabaseLock<T>(
  db: Kysely<Database>,
  kind: LockKind,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  const { chains } = locksOf(db);
  const name = `${kind}:${key}`;
  const before = chains.get(name) ?? Promise.resolve();
  const run = before.then(
    () => underDatabaseLock(db, kind, key, work),
    () => underDatabaseLock(db, kind, key, work),
  );
  const settled = run.catch(() => undefined);
  chains.set(name, settled);
  // The map forgets a key once its last caller has finished.
  void settled.then(() => {
    if (chains.get(name) === settled) chains.delete(name);
  });
  return run;
}
