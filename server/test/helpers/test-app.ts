import { appendFileSync, existsSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { type App, buildApp } from '../../src/app.js';
import type { Clock } from '../../src/clock.js';
import { type Config, loadConfig } from '../../src/config.js';
import { connectDatabase, SQLITE_FILE } from '../../src/db/connect.js';
import type { Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { ConsoleAssets } from '../../src/http/console-assets.js';
import type { ApiModule } from '../../src/modules/index.js';
import { type ClonedDatabase, cloneTemplateDatabase, testDialect } from './postgres-databases.js';

/** A clock the test moves by hand. */
export interface TestClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

export function testClock(start: Date | string = '2026-01-15T09:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestContext {
  app: App;
  db: Kysely<Database>;
  clock: TestClock;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export async function makeTempDir(prefix = 'custos-test-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/**
 * `CUSTOS_RESPONSE_REPORT=<file>`: every field a response schema drops is appended to that file
 * (one line per answer), to check a schema change loses nothing a route used to send.
 */
function strictResponses() {
  const file = process.env.CUSTOS_RESPONSE_REPORT;
  if (!file) return {};
  return {
    strictResponses: (route: string, fields: string[]) =>
      appendFileSync(file, `${route}\t${fields.join(' ')}\n`),
  };
}

let sqliteTemplate: Promise<string> | undefined;

/** This worker's SQLite file migrated once (checkpointed: the main file holds everything). */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = await makeTempDir('custos-template-');
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const { db } = connectDatabase({ dataDir: dir, databaseUrl: null });
    try {
      await migrateToLatest(db);
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    } finally {
      await db.destroy();
    }
    return path.join(dir, SQLITE_FILE);
  })();
  return sqliteTemplate;
}

/** Copies the migrated SQLite file into `dataDir` unless it holds a database already. */
async function copyMigratedSqlite(dataDir: string): Promise<boolean> {
  const target = path.join(dataDir, SQLITE_FILE);
  if (existsSync(target)) return false;
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  await fs.copyFile(await migratedSqliteTemplate(), target);
  return true;
}

/**
 * The real app over a fresh, migrated database with a clock the test controls: a real SQLite
 * file in a fresh temporary directory (a copy of one migrated once per worker: no migration per
 * test), or, in the PostgreSQL pass (CUSTOS_TEST_DB=postgres), a
 * clone of the run's migrated template database. An explicit DLP_DATABASE_URL in `env` is used
 * as given (several instances on one database). Call `close()` in afterEach/afterAll.
 */
export async function createTestApp(
  options: {
    now?: Date | string;
    env?: Record<string, string>;
    modules?: readonly ApiModule[];
    extraModules?: readonly ApiModule[];
    /** The web console's files (http/console-assets.ts); absent as in most tests. */
    console?: ConsoleAssets;
  } = {},
): Promise<TestContext> {
  const dataDir = await makeTempDir();
  const clone = await databaseFor(options.env);
  const config = loadConfig(
    {
      DLP_DATA_DIR: dataDir,
      DLP_LISTEN: '127.0.0.1:0',
      DLP_OPS_LISTEN: '127.0.0.1:0',
      // With PostgreSQL the server's keys come from the environment, not the data directory.
      ...(clone ? { DLP_DATABASE_URL: clone.url, DLP_MASTER_KEY: PG_KEY, DLP_FACTOR_KEY: PG_KEY } : {}),
      ...options.env,
    },
    dataDir,
  );
  // A fresh SQLite file starts as a copy of this worker's migrated one; a clone of the
  // PostgreSQL template is current too; an existing file or a given database is migrated.
  const copied = !clone && !config.databaseUrl && (await copyMigratedSqlite(config.dataDir));
  const { db } = connectDatabase(config);
  if (!clone && !copied) await migrateToLatest(db);
  const clock = testClock(options.now);
  const app = await buildApp(
    { config, db, clock },
    {
      ...(options.modules ? { modules: options.modules } : {}),
      extraModules: options.extraModules ?? [],
      ...(options.console ? { console: options.console } : {}),
      ...strictResponses(),
    },
  );
  await app.ready();
  return {
    app,
    db,
    clock,
    config,
    dataDir,
    async close() {
      await app.close();
      await db.destroy();
      await clone?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const PG_KEY = Buffer.alloc(32, 5).toString('base64');

/** The PostgreSQL pass gives each app its own database, unless the test names one. */
async function databaseFor(env: Record<string, string> | undefined): Promise<ClonedDatabase | undefined> {
  if (testDialect() !== 'postgres' || env?.DLP_DATABASE_URL) return undefined;
  return cloneTemplateDatabase();
}
