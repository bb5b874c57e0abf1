import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentHarness, enrolDevice, signed, type TestDevice } from '../agents/agent-harness.js';
import { agentEvent, justifiedPrompt } from '../agents/event-factory.js';
import { startPostgresHarness } from '../agents/postgres-harness.js';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

/**
 * The incident queue's PostgreSQL paths through the routes, on a real server started here: the
 * listing time limit (`SET LOCAL statement_timeout`, 503 `server.query_timeout`), the `sla`
 * filter, and the detail's justifications, department and previews (docs/incidents.md).
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

const HOUR = 3_600_000;
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

async function advance(ms: number) {
  h.ctx.clock.advance(ms);
  // Sessions go idle while the clock moves: sign in afresh.
  me = await signInAs(h.ctx, { role: 'owner', tenant: h.owner.tenantSlug });
}

const listed = async (query: string) =>
  ((await call('GET', `/incidents?${query}&limit=200`)).json().items as { id: string }[])
    .map((i) => i.id)
    .sort();

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

  it('answers the sla filter through the route (high: respond within 4 hours)', async () => {
    const [fast, slow] = await raise([{}, {}]);
    const others = (await listed('sla=breached')).length;
    expect(others).toBe(0);
    await advance(3 * HOUR);
    expect((await call('POST', `/incidents/${fast}/status`, { status: 'triaged' })).statusCode).toBe(200);
    expect(await listed('sla=response_met')).toEqual([fast]);
    await advance(2 * HOUR);
    const overdue = await listed('sla=response_overdue');
    expect(overdue).toContain(slow);
    expect(overdue).not.toContain(fast);
    expect((await call('POST', `/incidents/${slow}/status`, { status: 'investigating' })).statusCode).toBe(
      200,
    );
    expect(await listed('sla=response_missed')).toEqual([slow]);
    expect(await listed('sla=response_met')).toEqual([fast]);
    expect(await listed('sla=breached')).toContain(slow);
    expect((await call('GET', '/incidents?sla=sometimes')).statusCode).toBe(422);
  });

  it('serves justifications, department and previews from PostgreSQL', async () => {
    const text = 'The customer asked for the quarterly statement';
    const prompt = justifiedPrompt(text);
    const at = (m: number) => `2026-01-15T10:0${m}:00Z`;
    const common = {
      content: 'pg-same',
      path: '/srv/pg/same.txt',
      user: { name: 'olga', id: null, department: 'Legal' },
      detectors: [
        {
          detector_id: 'card_number',
          category: 'financial',
          match_count: 1,
          previews: ['4111 **** **** 1111'],
        },
      ],
    };
    n += 1;
    const events = [1, 2, 3].map((m) =>
      agentEvent({ policy, at: at(m), ...common, ...(m < 3 ? { person_prompt: prompt } : {}) }),
    );
    const r = await signed(h, d, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
    expect(r.json().acks.map((a: { status: string }) => a.status)).toEqual([
      'Accepted',
      'Accepted',
      'Accepted',
    ]);
    const row = await h.ctx.db
      .selectFrom('agent_events')
      .select('incident_id')
      .where('id', '=', events[0]!.event_id)
      .executeTakeFirstOrThrow();
    const id = row.incident_id as string;
    const detail = async () => (await call('GET', `/incidents/${id}`)).json();
    const before = await detail();
    expect([before.department, before.department_source, before.department_reason]).toEqual([
      'Legal',
      'endpoint',
      'endpoint_reported',
    ]);
    expect(before.justifications).toEqual([
      expect.objectContaining({ result: 'justified', text, operations: 2, burst_operations: 0 }),
    ]);
    expect(before.justifications_total).toBe(1);
    expect(before.detector_summaries[0].previews).toBeNull();
    const opened = await call('POST', `/incidents/${id}/evidence`, {
      justification: 'Checking the match for the audit',
    });
    expect(opened.statusCode).toBe(200);
    expect((await detail()).detector_summaries[0].previews).toEqual(['4111 **** **** 1111']);
  });
});
