import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/index.js';
import { databaseUrl, startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { dropWhenFree } from '../helpers/postgres-databases.js';

/**
 * Two server instances on ONE real PostgreSQL database (issue 23): each is its own app with its
 * own database handle, pool, data directory and clock, as two `dlp-server` processes behind a
 * load balancer would be. The cluster is started once per file; every test gets a fresh database.
 */
export interface TwoInstances {
  a: TestContext;
  b: TestContext;
  close(): Promise<void>;
}

/** What both instances are built with (createTestApp's options; the database is added). */
export type InstanceOptions = NonNullable<Parameters<typeof createTestApp>[0]>;

const KEY = Buffer.alloc(32, 9).toString('base64');

export function sharedPostgres(): { twoInstances(options?: InstanceOptions): Promise<TwoInstances> } {
  let server: TestPostgres | undefined;
  let n = 0;
  beforeAll(async () => {
    server = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  return {
    async twoInstances(options = {}) {
      const cluster = server;
      if (!cluster) throw new Error('sharedPostgres: call inside a test');
      n += 1;
      // Unique on the cluster: in the server-pg pass every file shares one.
      const name = `multi_${n}_${randomBytes(4).toString('hex')}`;
      const admin = () => new pg.Client({ connectionString: cluster.url });
      const client = admin();
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      const url = databaseUrl(cluster.url, name);
      const a = await createTestApp({ ...options, env: { ...options.env, ...envFor(url) } });
      const b = await createTestApp({ ...options, env: { ...options.env, ...envFor(url) } });
      return {
        a,
        b,
        async close() {
          await a.close();
          await b.close();
          const drop = admin();
          await drop.connect();
          await dropWhenFree((text) => drop.query(text), name);
          await drop.end();
        },
      };
    },
  };
}

function envFor(url: string): Record<string, string> {
  return { DLP_DATABASE_URL: url, DLP_MASTER_KEY: KEY, DLP_FACTOR_KEY: KEY };
}
