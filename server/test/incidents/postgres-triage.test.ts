import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentHarness, enrolDevice, signed, type TestDevice } from '../agents/agent-harness.js';
import { agentEvent } from '../agents/event-factory.js';
import { startPostgresHarness } from '../agents/postgres-harness.js';
import type { SignedIn } from '../helpers/index.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

/**
 * The incident queue's listing time limit on PostgreSQL (`SET LOCAL statement_timeout`, 503
 * `server.query_timeout`, docs/incidents.md) against a lock held by another session: a case only
 * PostgreSQL has. The `sla` filter and the detail's justifications, department and previews run
 * on both databases in `list-filters.test.ts` and `detail-agent-fields.test.ts`.
 */
let server: TestPostgres;
let h: AgentHarness;
let d: TestDevice;
let me: SignedIn;
let policy: string;
const TIMEOUT_MS = 300;
beforeAll(async () => {
  server = await startPostgres();
  h = await startPostgresHarness(server, { DLP_INCIDENT_QUERY_TIMEOUT_MS: String(TIMEOUT_MS) });
  d = await enrolDevice(h);
  me = h.owner;
  policy = h.port.addPolicy({ name: 'Card numbers', severity: 'high' }).id;
}, 120_000);
afterAll(async () => {
  await h?.close();
  await server?.stop();
});

let n = 0;

const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  h.ctx.app.inject({ method, url: `/api/v1${url}`, headers: me.headers, ...(payload ? { payload } : {}) });

/** Raises one incident per entry through signed ingest; their ids in the same order. */
async function raise(overs: Record<string, unknown>[]): Promise<string[]> {
  const events = overs.map((over) => {
    n += 1;
    return agentEvent({ policy, person: `p${n}`, content: `c${n}`, path: `/srv/pg/f${n}.txt`, ...over });
  });
  const r = await signed(h, d, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
  expect(r.statusCode).toBe(200);
  const ids: string[] = [];
  for (const e of events) {
    const row = await h.ctx.db
      .selectFrom('agent_events')
      .select('incident_id')
      .where('id', '=', e.event_id)
      .executeTakeFirstOrThrow();
    ids.push(row.incident_id as string);
  }
  return ids;
}

describe('incident queue on PostgreSQL', { timeout: 120_000 }, () => {
  it('a listing held past DLP_INCIDENT_QUERY_TIMEOUT_MS is cancelled by statement_timeout: 503', async () => {
    await raise([{}, {}]);
    expect((await call('GET', '/incidents?severity=high&sort=priority')).statusCode).toBe(200);
    // Another session holds the table: without the statement timeout these reads would wait forever.
    const holder = new pg.Client({ connectionString: server.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table incidents in access exclusive mode');
      for (const url of ['/incidents?severity=high&sort=priority', '/incidents/export?status=new']) {
        const started = Date.now();
        const r = await call('GET', url);
        expect(r.statusCode).toBe(503);
        expect(r.json()).toMatchObject({ code: 'server.query_timeout' });
        expect(r.body).not.toMatch(/select|statement|incidents\./i);
        expect(Date.now() - started).toBeLessThan(20_000);
      }
      await holder.query('rollback');
    } finally {
      await holder.end();
    }
    // The pool's connections were not left inside an aborted transaction.
    const after = await call('GET', '/incidents?severity=high&sort=priority');
    expect(after.statusCode).toBe(200);
    expect(after.json().total).toBeGreaterThanOrEqual(2);
  });
});
