import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { ApiClient } from '../../agent/test/helpers/api-client.js';
import { type RunningServer, startServer } from '../../agent/test/helpers/server-process.js';
import { startTwoInstances } from '../../agent/test/helpers/two-instances.js';
import { startPostgres } from '../../server/test/helpers/postgres.js';
import type { SimOptions } from './options.js';
import { opsUrlOf } from './server-metrics.js';

/**
 * The servers a simulated fleet talks to: real `dlp-server` processes on a temporary data
 * directory, on SQLite or on a throw-away PostgreSQL cluster, one instance, or two behind HAProxy
 * in TLS pass-through (the deployment the load-balanced end-to-end test uses).
 */
export interface Deployment {
  /** Where agents connect: the instance, or the balancer's round-robin frontend. */
  url: string;
  caPem: string;
  /** The first instance (operator calls: tokens, policies). */
  first: RunningServer;
  pids: number[];
  /** Each instance's operations port (`/metrics`). */
  opsUrls: string[];
  /** Rows of `agent_events`, read from the database itself. */
  storedEvents(): Promise<number>;
  stop(): Promise<void>;
}

const KEY = Buffer.alloc(32, 7).toString('base64');

function opsUrls(servers: RunningServer[]): string[] {
  return servers.map((s) => opsUrlOf(s.process.output().stdout)).filter((u): u is string => u !== null);
}

export async function startDeployment(work: string, o: SimOptions): Promise<Deployment> {
  const env = { DLP_LOG_LEVEL: 'error', ...o.serverEnv };
  if (o.instances === 2) {
    const d = await startTwoInstances(work, env, 'custos_fleet');
    return {
      url: d.lb.spreadUrl,
      caPem: d.a.caPem,
      first: d.a,
      pids: [d.a.process.child.pid!, d.b.process.child.pid!],
      opsUrls: opsUrls([d.a, d.b]),
      storedEvents: () => countPostgres(d.databaseUrl),
      stop: () => d.stop(),
    };
  }
  if (o.db === 'postgres') {
    const postgres = await startPostgres();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database custos_fleet');
    await admin.end();
    const url = postgres.url.replace(/\/postgres$/, '/custos_fleet');
    const a = await startServer(join(work, 'a'), {
      ...env,
      DLP_DATABASE_URL: url,
      DLP_MASTER_KEY: KEY,
      DLP_FACTOR_KEY: KEY,
    });
    return {
      url: a.url,
      caPem: a.caPem,
      first: a,
      pids: [a.process.child.pid!],
      opsUrls: opsUrls([a]),
      storedEvents: () => countPostgres(url),
      async stop() {
        await a.stop();
        await postgres.stop();
      },
    };
  }
  const a = await startServer(join(work, 'a'), env);
  return {
    url: a.url,
    caPem: a.caPem,
    first: a,
    pids: [a.process.child.pid!],
    opsUrls: opsUrls([a]),
    async storedEvents() {
      const db = new BetterSqlite3(join(work, 'a', 'custos.db'), { readonly: true });
      try {
        return (db.prepare('select count(*) as n from agent_events').get() as { n: number }).n;
      } finally {
        db.close();
      }
    },
    stop: () => a.stop(),
  };
}

async function countPostgres(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query('select count(*)::int as n from agent_events');
    return (r.rows[0] as { n: number }).n;
  } finally {
    await c.end();
  }
}

/** The operator's side: an enrolment token for up to 1,000 machines (needs a step-up). */
export async function enrolmentTokens(owner: ApiClient, password: string, group: string, agents: number) {
  await owner.ok(owner.post('/auth/step-up', { purpose: 'enrollment_token', password }));
  const tokens: string[] = [];
  for (let left = agents; left > 0; left -= 1000) {
    const { token } = await owner.ok(
      owner.post<{ token: string }>('/enrollment-tokens', {
        max_uses: Math.min(1000, left),
        ttl_minutes: 120,
        agent_group: group,
      }),
    );
    tokens.push(token);
  }
  return tokens;
}
