import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { type AgentHarness, checkinBody, enrolDevice, signed } from './agent-harness.js';
import { agentEvent } from './event-factory.js';
import { startPostgresHarness } from './postgres-harness.js';

/** The agent modules' SQL on PostgreSQL: enrolment, signed requests, ingest, correlation, listing. */
let pg: TestPostgres;
let h: AgentHarness;
beforeAll(async () => {
  pg = await startPostgres();
  h = await startPostgresHarness(pg);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await pg?.stop();
});

describe('agent modules on PostgreSQL', { timeout: 120_000 }, () => {
  it('enrols, checks in, ingests, correlates, moves and lists', async () => {
    await h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent-groups',
      headers: h.owner.headers,
      payload: { name: 'Ring' },
    });
    const d = await enrolDevice(h, 'p256', { agent_group: 'Ring' });
    await h.ctx.db
      .insertInto('agent_commands')
      .values({
        id: randomUUID(),
        tenant_id: d.tenantId,
        device_id: d.deviceId,
        kind: 'AskPerson',
        payload: '{}',
        created_at: h.ctx.clock.now().toISOString(),
        collected_at: null,
      })
      .execute();
    const c = await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody());
    expect(c.json().commands).toHaveLength(1);
    const policy = h.port.addPolicy({ name: 'Cards' }).id;
    const post = async (events: unknown[]) => {
      const r = await signed(h, d, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
      expect(r.statusCode).toBe(200);
      return r.json().acks as { status: string }[];
    };
    const first = agentEvent({ policy, at: '2026-01-19T09:00:00Z', path: '/d/a.txt', content: 'x' });
    expect(
      (
        await post([
          first,
          agentEvent({ policy, at: '2026-01-19T09:01:00Z', path: '/d/a.txt', content: 'x' }),
        ])
      ).map((a) => a.status),
    ).toEqual(['Accepted', 'Accepted']);
    expect((await post([first]))[0]!.status).toBe('Duplicate');
    await post([
      agentEvent({
        channel: 'file_delete',
        at: '2026-01-19T09:02:00Z',
        path: '/d/a.txt',
        decided_by_policy_id: null,
        matched_policy_ids: [],
        matched_policies: [],
      }),
      agentEvent({ policy, at: '2026-01-19T09:02:10Z', path: '/d/b.txt', content: 'x' }),
    ]);
    const list = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/incidents?search=card&sort=user',
      headers: h.owner.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toHaveLength(1);
    const inc = list.json().items[0];
    expect(inc).toMatchObject({ reference: 'INC-1', event_count: 4, policy_name: 'Cards' });
    const locs = await h.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/incidents/${inc.id}/locations`,
      headers: h.owner.headers,
    });
    expect(locs.json().items.map((l: { path: string; state: string }) => [l.path, l.state])).toEqual([
      ['/d/a.txt', 'moved'],
      ['/d/b.txt', 'current'],
    ]);
    const detail = await h.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/incidents/${inc.id}`,
      headers: h.owner.headers,
    });
    expect(detail.json().matched_policies).toEqual([
      { policy_id: policy, name: 'Cards', applied_events: 3, superseded_events: 0 },
    ]);
    // Evidence copies live in the data directory: with PostgreSQL storage is not configured.
    const ev = await signed(h, d, 'POST', `/api/v1/agent/evidence-files/${first.event_id}`, Buffer.from('x'));
    expect(ev.statusCode).toBe(409);
    expect(ev.json().code).toBe('evidence.storage_off');
  });
});
