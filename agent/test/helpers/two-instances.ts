import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres, type TestPostgres } from '../../../server/test/helpers/postgres.js';
import { type LoadBalancer, startHaproxy } from './haproxy.js';
import { type RunningServer, startServer } from './server-process.js';

/**
 * Issue 23's test deployment (docs/deploy.md "Several instances"): a throw-away PostgreSQL cluster,
 * two real `dlp-server` processes on one database with the same keys and the same server
 * certificate, and Debian's HAProxy in TLS pass-through in front. Shared by the load-balanced
 * end-to-end test and the fleet simulator, so both exercise the same deployment.
 */
export interface TwoInstanceDeployment {
  postgres: TestPostgres;
  databaseUrl: string;
  a: RunningServer;
  b: RunningServer;
  lb: LoadBalancer;
  stop(): Promise<void>;
}

export async function startTwoInstances(
  work: string,
  extraEnv: NodeJS.ProcessEnv = {},
  database = 'custos_lb',
): Promise<TwoInstanceDeployment> {
  const key = Buffer.alloc(32, 7).toString('base64');
  const postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, `/${database}`);
  const shared = { ...extraEnv, DLP_DATABASE_URL: databaseUrl, DLP_MASTER_KEY: key, DLP_FACTOR_KEY: key };
  const a = await startServer(join(work, 'a'), shared);
  // The second instance: same database and keys, the same server certificate (docs/deploy.md).
  mkdirSync(join(work, 'b'), { recursive: true, mode: 0o700 });
  cpSync(join(work, 'a', 'tls'), join(work, 'b', 'tls'), { recursive: true });
  const b = await startServer(join(work, 'b'), shared, {
    tenant: a.tenant,
    email: a.email,
    password: a.password,
  });
  const lb = await startHaproxy(work, [new URL(a.url).port, new URL(b.url).port].map(Number));
  return {
    postgres,
    databaseUrl,
    a,
    b,
    lb,
    async stop() {
      await lb.stop();
      await a.stop();
      await b.stop();
      await postgres.stop();
    },
  };
}
