import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/http/principal.js';
import { signInAs } from '../helpers/index.js';
import { type AgentHarness, enrolDevice, signed, startHarness, type TestDevice } from './agent-harness.js';
import { agentEvent } from './event-factory.js';

let h: AgentHarness;
let d: TestDevice;
beforeEach(async () => {
  h = await startHarness({}, '2026-01-20T09:00:00.000Z');
  d = await enrolDevice(h);
});
afterEach(async () => h.close());

async function send(events: unknown[], device = d) {
  const r = await signed(h, device, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
  expect(r.statusCode).toBe(200);
}

const get = (url: string, headers = h.owner.headers) => h.ctx.app.inject({ method: 'GET', url, headers });

async function seed() {
  const high = h.port.addPolicy({ name: 'Card numbers', severity: 'high' }).id;
  const low = h.port.addPolicy({ name: 'Payroll words', severity: 'low' }).id;
  const crit = h.port.addPolicy({ name: 'Secrets', severity: 'critical' }).id;
  await send([
    agentEvent({ policy: high, at: '2026-01-15T09:00:00Z', person: 'ann', content: 'a' }),
    agentEvent({ policy: high, at: '2026-01-15T09:01:00Z', person: 'ann', content: 'a' }),
  ]);
  h.ctx.clock.advance(1_000);
  await send([
    agentEvent({
      policy: low,
      at: '2026-01-15T10:00:00Z',
      person: 'bob',
      content: 'b',
      channel: 'removable_storage',
      path: '/media/usb/q3_100%.txt',
    }),
  ]);
  h.ctx.clock.advance(1_000);
  await send([
    agentEvent({
      policy: crit,
      at: '2026-01-15T11:00:00Z',
      person: 'cy',
      content: 'c',
      channel: 'discovery',
    }),
  ]);
}

describe('GET /incidents', () => {
  it('lists newest first by default with total, limit and offset', async () => {
    await seed();
    const r = await get('/api/v1/incidents');
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b).toMatchObject({ total: 3, limit: 50, offset: 0, sort: 'created:desc' });
    expect(b.items.map((i: { reference: string }) => i.reference)).toEqual(['INC-3', 'INC-2', 'INC-1']);
    expect(b.items[2]).toMatchObject({
      severity: 'high',
      status: 'new',
      event_count: 2,
      policy_name: 'Card numbers',
      username: 'ann',
    });
  });

  it('filters by status, severity and channel sets and refuses values outside them by field', async () => {
    await seed();
    const sev = await get('/api/v1/incidents?severity=critical,low');
    expect(
      sev
        .json()
        .items.map((i: { severity: string }) => i.severity)
        .sort(),
    ).toEqual(['critical', 'low']);
    expect((await get('/api/v1/incidents?channel=removable_storage')).json().total).toBe(1);
    expect((await get('/api/v1/incidents?status=closed')).json().total).toBe(0);
    for (const [field, q] of [
      ['status', 'status=open'],
      ['severity', 'severity=urgent'],
      ['channel', 'channel=fax'],
    ] as const) {
      const r = await get(`/api/v1/incidents?${q}`);
      expect(r.statusCode).toBe(422);
      expect(r.json().details[0].field).toBe(field);
      expect(r.json().details[0].message).not.toContain(q.split('=')[1] as string);
    }
  });

  it('search is a literal over reference, title, file name, hostname, policy name and user', async () => {
    await seed();
    expect((await get('/api/v1/incidents?search=inc-2')).json().total).toBe(1);
    expect((await get('/api/v1/incidents?search=payroll')).json().items[0].policy_name).toBe('Payroll words');
    expect((await get('/api/v1/incidents?search=100%25')).json().total).toBe(1);
    expect((await get('/api/v1/incidents?search=%25')).json().total).toBe(1);
    // `_` is a literal underscore (file_create and removable_storage titles), not "any character".
    expect((await get('/api/v1/incidents?search=_')).json().total).toBe(2);
    expect((await get('/api/v1/incidents?search=q3_1')).json().total).toBe(1);
    expect((await get('/api/v1/incidents?search=q3x1')).json().total).toBe(0);
    expect((await get(`/api/v1/incidents?search=${'x'.repeat(501)}`)).statusCode).toBe(422);
  });

  it('sorts by the full grammar and refuses anything else with 422', async () => {
    await seed();
    const refs = async (sort: string) =>
      (await get(`/api/v1/incidents?sort=${sort}`))
        .json()
        .items.map((i: { reference: string }) => i.reference);
    expect(await refs('severity')).toEqual(['INC-3', 'INC-1', 'INC-2']);
    expect(await refs('severity:asc')).toEqual(['INC-2', 'INC-1', 'INC-3']);
    expect(await refs('reference')).toEqual(['INC-1', 'INC-2', 'INC-3']);
    expect(await refs('events')).toEqual(['INC-1', 'INC-3', 'INC-2']);
    expect(await refs('oldest')).toEqual(['INC-1', 'INC-2', 'INC-3']);
    expect(await refs('newest')).toEqual(['INC-3', 'INC-2', 'INC-1']);
    expect(await refs('user')).toEqual(['INC-1', 'INC-2', 'INC-3']);
    expect(await refs('last_activity')).toEqual(['INC-3', 'INC-2', 'INC-1']);
    // Empty values last in both directions; ties by latest activity.
    expect(await refs('assignee')).toEqual(['INC-3', 'INC-2', 'INC-1']);
    for (const col of [
      'priority',
      'title',
      'risk',
      'status',
      'endpoint',
      'channel',
      'matches',
      'created',
      'last_seen',
    ]) {
      expect((await get(`/api/v1/incidents?sort=${col}:desc`)).statusCode).toBe(200);
    }
    for (const bad of ['size', 'severity:up', 'created:desc,reference', 'SEVERITY']) {
      const r = await get(`/api/v1/incidents?sort=${encodeURIComponent(bad)}`);
      expect(r.statusCode).toBe(422);
      expect(r.json().details[0].field).toBe('sort');
    }
  });

  it('pages with limit and offset and refuses bad values', async () => {
    await seed();
    const r = await get('/api/v1/incidents?limit=1&offset=1&sort=reference');
    expect(r.json()).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(r.json().items[0].reference).toBe('INC-2');
    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'limit=abc', 'unknown=1']) {
      expect((await get(`/api/v1/incidents?${q}`)).statusCode).toBe(422);
    }
  });

  it('answers 503 server.query_timeout when the listing runs past DLP_INCIDENT_QUERY_TIMEOUT_MS', async () => {
    await seed();
    // The clock moves 31 s between any two readings, as a listing this slow would see it.
    const clock = h.ctx.app.deps.clock;
    const real = clock.now;
    let t = real().getTime();
    clock.now = () => {
      t += 31_000;
      return new Date(t);
    };
    try {
      const r = await get('/api/v1/incidents');
      expect(r.statusCode).toBe(503);
      expect(r.json().code).toBe('server.query_timeout');
    } finally {
      clock.now = real;
    }
  });

  it('needs incidents:read', async () => {
    const custom = await signInAs(h.ctx, { role: 'custom', tenant: h.owner.tenantSlug });
    expect((await get('/api/v1/incidents', custom.headers)).statusCode).toBe(403);
  });
});

describe('incident detail, events and visibility', () => {
  it('GET /incidents/{id} and /events answer; another tenant sees 404', async () => {
    await seed();
    const id = (await get('/api/v1/incidents?sort=reference')).json().items[0].id;
    const detail = await get(`/api/v1/incidents/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      reference: 'INC-1',
      device_id: d.deviceId,
      locations_total: 1,
      detector_summaries: [{ detector_id: 'card_number', category: 'financial', match_count: 4, events: 2 }],
      not_read: null,
    });
    const events = await get(`/api/v1/incidents/${id}/events`);
    expect(events.json()).toMatchObject({ total: 2, limit: 100, offset: 0 });
    expect(events.json().items[0]).toMatchObject({
      channel: 'file_create',
      enforcement: 'reduced_by_capability',
      requested_action: 'block',
    });
    const stranger = await signInAs(h.ctx, { role: 'owner' });
    for (const path of ['', '/events', '/locations']) {
      const r = await get(`/api/v1/incidents/${id}${path}`, stranger.headers);
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('resource.not_found');
    }
    const missing = await get(`/api/v1/incidents/${randomUUID()}`);
    expect(missing.json()).toEqual({ ...(await get(`/api/v1/incidents/${id}`, stranger.headers)).json() });
  });

  it('a role scoped to endpoint groups sees other incidents as nonexistent', async () => {
    const g = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent-groups',
      headers: h.owner.headers,
      payload: { name: 'Finance' },
    });
    const finance = await enrolDevice(h, 'ed25519', { agent_group: 'Finance' });
    const policy = h.port.addPolicy().id;
    await send([agentEvent({ policy, at: '2026-01-15T09:00:00Z' })]);
    await send([agentEvent({ policy, at: '2026-01-15T09:00:00Z' })], finance);
    const scoped = await signInAs(h.ctx, { role: 'security_analyst', tenant: h.owner.tenantSlug });
    // The identity module's authenticator sets incidentScope from a custom role; here one that does.
    const session = h.ctx.app.auth.authenticators[0]!;
    h.ctx.app.auth.authenticators.unshift(async (credential, request, services) => {
      if (credential.value !== scoped.token) return null;
      const p: Principal | null = await session(credential, request, services);
      return p ? { ...p, incidentScope: [g.json().id] } : null;
    });
    const list = await get('/api/v1/incidents', scoped.headers);
    expect(list.json().total).toBe(1);
    const all = (await get('/api/v1/incidents')).json().items as { id: string; device_id?: string }[];
    const outside = all.find((i) => i.id !== list.json().items[0].id)!;
    expect((await get(`/api/v1/incidents/${outside.id}`, scoped.headers)).statusCode).toBe(404);
    expect((await get(`/api/v1/incidents/${list.json().items[0].id}`, scoped.headers)).statusCode).toBe(200);
  });
});
