import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../helpers/index.js';
import { type AgentHarness, enrolDevice, signed, startHarness, type TestDevice } from './agent-harness.js';
import { agentEvent } from './event-factory.js';

let h: AgentHarness;
let d: TestDevice;
beforeEach(async () => {
  h = await startHarness({ DLP_AGENT_RATE_PER_MINUTE: '100000', DLP_AGENT_RATE_BURST: '100000' });
  d = await enrolDevice(h);
  // Events below are dated from T0; the server's clock stands three days later so none is
  // "more than a day ahead" (which would place it at arrival time).
  h.ctx.clock.advance(3 * 86_400_000);
  h.owner = await signInAs(h.ctx, { role: 'owner', tenant: h.owner.tenantSlug });
});
afterEach(async () => h.close());

async function send(events: unknown[], device: TestDevice = d) {
  const r = await signed(h, device, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
  expect(r.statusCode).toBe(200);
  for (const a of r.json().acks) expect(a.status).toBe('Accepted');
}

async function incidents() {
  return h.ctx.db.selectFrom('incidents').selectAll().orderBy('number').execute();
}

const T0 = Date.parse('2026-01-15T09:00:00Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

describe('correlation (document 1, rule 8)', () => {
  it('folds same person, action kind, content, policy and endpoint within 24 hours', async () => {
    const policy = h.port.addPolicy({ severity: 'critical' }).id;
    await send([
      agentEvent({ policy, at: at(0) }),
      agentEvent({ policy, at: at(60_000), channel: 'file_modify' }),
      agentEvent({
        policy,
        at: at(120_000),
        channel: 'file_rename',
        path: '/srv/share/renamed.txt',
        content: '/srv/share/report.txt',
      }),
    ]);
    const [one, ...rest] = await incidents();
    expect(rest).toEqual([]);
    expect(one).toMatchObject({
      reference: 'INC-1',
      event_count: 3,
      severity: 'critical',
      status: 'new',
      action_kind: 'at_rest',
      match_count: 6,
    });
  });

  it('separates taking content out, another person, policy, endpoint, content, and after 24 hours', async () => {
    const policy = h.port.addPolicy().id;
    const other = h.port.addPolicy().id;
    const d2 = await enrolDevice(h);
    await send([
      agentEvent({ policy, at: at(0) }),
      agentEvent({ policy, at: at(1_000), channel: 'removable_storage' }),
      agentEvent({ policy, at: at(2_000), person: 'bob' }),
      agentEvent({ policy: other, at: at(3_000) }),
      agentEvent({ policy, at: at(4_000), content: 'other bytes' }),
      agentEvent({ policy, at: at(24 * 3_600_000 + 1) }),
    ]);
    await send([agentEvent({ policy, at: at(5_000) })], d2);
    const rows = await incidents();
    expect(rows.map((r) => r.reference)).toEqual([
      'INC-1',
      'INC-2',
      'INC-3',
      'INC-4',
      'INC-5',
      'INC-6',
      'INC-7',
    ]);
    expect(rows.every((r) => r.event_count === 1)).toBe(true);
  });

  it('a discovery walk joins the latest open incident about that content with no window, not a closed one', async () => {
    const policy = h.port.addPolicy().id;
    await send([agentEvent({ policy, channel: 'discovery', at: at(0), person: 'alice' })]);
    h.ctx.clock.advance(10 * 86_400_000);
    await send([agentEvent({ policy, channel: 'discovery', at: at(10 * 86_400_000), person: 'bob' })]);
    expect((await incidents()).map((r) => r.event_count)).toEqual([2]);
    await h.ctx.db.updateTable('incidents').set({ status: 'closed' }).execute();
    await send([agentEvent({ policy, channel: 'discovery', at: at(10 * 86_400_000 + 1) })]);
    expect((await incidents()).map((r) => r.event_count)).toEqual([2, 1]);
  });

  it('raise_every_match turns folding off for that policy', async () => {
    const policy = h.port.addPolicy({ raise_every_match: true }).id;
    await send([agentEvent({ policy, at: at(0) }), agentEvent({ policy, at: at(1) })]);
    const rows = await incidents();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.correlation_key === null)).toBe(true);
  });

  it('test policies use a separate key and mark their incidents', async () => {
    const real = h.port.addPolicy().id;
    const test = h.port.addPolicy({ is_test: true }).id;
    await send([
      agentEvent({ policy: real, at: at(0) }),
      agentEvent({ policy: test, at: at(1) }),
      agentEvent({ policy: test, at: at(2) }),
    ]);
    const rows = await incidents();
    expect(rows.map((r) => [r.synthetic, r.event_count])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(rows[1]!.correlation_key!.startsWith('test|')).toBe(true);
  });

  it('records evaluated_offline, requested_action/action, superseded policies and matched_policies', async () => {
    const a = h.port.addPolicy({ name: 'Cards' });
    const b = h.port.addPolicy({ name: 'PII' });
    await send([
      agentEvent({ policy: a.id, at: at(0), superseded_policy_ids: [b.id], evaluated_offline: true }),
      agentEvent({ policy: a.id, at: at(1), action: 'inform', requested_action: 'inform' }),
    ]);
    const list = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/incidents',
      headers: h.owner.headers,
    });
    const id = list.json().items[0].id;
    const detail = (
      await h.ctx.app.inject({ method: 'GET', url: `/api/v1/incidents/${id}`, headers: h.owner.headers })
    ).json();
    expect(detail).toMatchObject({
      evaluated_offline: true,
      action: 'inform',
      requested_action: 'block',
      superseded_policy_ids: [b.id],
      matched_policies: [
        { policy_id: a.id, name: 'Cards', applied_events: 2, superseded_events: 0 },
        { policy_id: b.id, name: 'PII', applied_events: 0, superseded_events: 1 },
      ],
      event_count: 2,
    });
  });
});

describe('locations', () => {
  it('a path vanishing and the same content appearing elsewhere within 30 s is a move', async () => {
    const policy = h.port.addPolicy().id;
    await send([agentEvent({ policy, at: at(0), path: '/data/a.txt', content: 'secret' })]);
    await send([
      agentEvent({
        channel: 'file_delete',
        at: at(10_000),
        path: '/data/a.txt',
        decided_by_policy_id: null,
        matched_policy_ids: [],
        matched_policies: [],
      }),
      agentEvent({ policy, at: at(25_000), path: '/data/b.txt', content: 'secret' }),
    ]);
    const rows = await h.ctx.db.selectFrom('incident_locations').selectAll().orderBy('path').execute();
    expect(rows.map((l) => [l.path, l.state, l.moved_to, l.departure])).toEqual([
      ['/data/a.txt', 'moved', '/data/b.txt', null],
      ['/data/b.txt', 'current', null, null],
    ]);
  });

  it('a location seen again in a later batch keeps its first sighting and known hash', async () => {
    const policy = h.port.addPolicy().id;
    await send([agentEvent({ policy, at: at(0), path: '/data/a.txt', content: 'secret' })]);
    const later = agentEvent({ policy, at: at(60_000), path: '/data/a.txt', content: 'secret' });
    await send([later]);
    const [l] = await h.ctx.db.selectFrom('incident_locations').selectAll().execute();
    expect(l).toMatchObject({
      path: '/data/a.txt',
      state: 'current',
      first_seen_at: at(0),
      last_seen_at: at(60_000),
    });
    expect(l!.content_hash).toMatch(/^[0-9a-f]{64}$/);
    // An older event arriving late never moves the last sighting back.
    await send([agentEvent({ policy, at: at(30_000), path: '/data/a.txt', content: 'secret' })]);
    const [again] = await h.ctx.db.selectFrom('incident_locations').selectAll().execute();
    expect(again!.last_seen_at).toBe(at(60_000));
  });

  it('after 30 s it is a departure; equal hashes without a vanished source are two locations', async () => {
    const policy = h.port.addPolicy().id;
    await send([
      agentEvent({ policy, at: at(0), path: '/data/a.txt', content: 'secret' }),
      agentEvent({ policy, at: at(1_000), path: '/data/copy.txt', content: 'secret' }),
      agentEvent({ policy, at: at(2_000), path: '/data/c.txt', content: 'secret' }),
    ]);
    await send([
      agentEvent({
        channel: 'file_delete',
        at: at(100_000),
        path: '/data/a.txt',
        decided_by_policy_id: null,
        matched_policy_ids: [],
        matched_policies: [],
        file: { path: '/data/a.txt', departure: 'recycled' },
      }),
      agentEvent({
        channel: 'file_delete',
        at: at(200_000),
        path: '/data/c.txt',
        decided_by_policy_id: null,
        matched_policy_ids: [],
        matched_policies: [],
        file: { path: '/data/c.txt' },
      }),
      agentEvent({ policy, at: at(260_000), path: '/data/d.txt', content: 'secret' }),
    ]);
    const rows = await h.ctx.db.selectFrom('incident_locations').selectAll().orderBy('path').execute();
    expect(rows.map((l) => [l.path, l.state, l.departure])).toEqual([
      ['/data/a.txt', 'removed', 'recycled'],
      ['/data/c.txt', 'removed', 'deleted'],
      ['/data/copy.txt', 'current', null],
      ['/data/d.txt', 'current', null],
    ]);
    const list = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/incidents',
      headers: h.owner.headers,
    });
    const id = list.json().items[0].id;
    const page = await h.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/incidents/${id}/locations?limit=2&offset=1`,
      headers: h.owner.headers,
    });
    expect(page.json()).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(page.json().items.map((l: { path: string }) => l.path)).toEqual(['/data/copy.txt', '/data/c.txt']);
    const tooMany = await h.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/incidents/${id}/locations?limit=501`,
      headers: h.owner.headers,
    });
    expect(tooMany.statusCode).toBe(422);
  });

  it('a path-gone event joins the newest open incident on that endpoint with an event at that path, whatever channel', async () => {
    const p1 = h.port.addPolicy().id;
    const p2 = h.port.addPolicy().id;
    await send([agentEvent({ policy: p1, at: at(0), path: '/x/f.txt' })]);
    await send([agentEvent({ policy: p2, at: at(1_000), path: '/x/f.txt', channel: 'removable_storage' })]);
    await send([
      agentEvent({
        channel: 'file_delete',
        at: at(50_000),
        path: '/x/f.txt',
        decided_by_policy_id: null,
        matched_policy_ids: [],
        matched_policies: [],
      }),
    ]);
    const rows = await incidents();
    expect(rows.map((r) => [r.channel, r.event_count])).toEqual([
      ['file_create', 1],
      ['removable_storage', 2],
    ]);
  });
});

describe('10,000 events through signed batches', () => {
  it('finds exactly the incidents correlation predicts', async () => {
    const devices = [d, await enrolDevice(h)];
    const policies = [
      h.port.addPolicy().id,
      h.port.addPolicy().id,
      h.port.addPolicy({ raise_every_match: true }).id,
    ];
    const people = ['ann', 'ben', 'cy', 'dee', 'eve'];
    const channels = ['file_create', 'file_modify', 'removable_storage', 'discovery'];
    const expected = new Map<string, number[]>();
    /** Events per predicted incident, in the order the model opened them. */
    const predictedCounts: number[] = [];
    const countIndex = new Map<string, number>();
    let expectedIncidents = 0;
    const batches: { device: TestDevice; events: unknown[] }[] = [];
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let b = 0; b < 20; b += 1) {
      const device = devices[b % 2]!;
      const events: unknown[] = [];
      for (let i = 0; i < 500; i += 1) {
        const n = b * 500 + i;
        const ms = n * 17_000;
        const policyIndex = rnd(10) === 0 ? 2 : rnd(2);
        const policy = policies[policyIndex]!;
        const channel = channels[rnd(4)]!;
        const person = people[rnd(5)]!;
        const content = `content-${rnd(20)}`;
        events.push(
          agentEvent({ policy, channel, person, content, path: `/data/${content}.txt`, at: at(ms) }),
        );
        // The model: rule 8 written out independently of the server's code.
        if (policyIndex === 2) {
          expectedIncidents += 1;
          predictedCounts.push(1);
          continue;
        }
        const kind =
          channel === 'discovery' ? 'discovery' : channel === 'removable_storage' ? 'egress' : 'at_rest';
        const key = [kind, policy, device.deviceId, kind === 'discovery' ? '' : person, content].join('|');
        const starts = expected.get(key) ?? [];
        const last = starts.at(-1);
        if (last === undefined || (kind !== 'discovery' && ms - last > 24 * 3_600_000)) {
          starts.push(ms);
          expectedIncidents += 1;
          countIndex.set(key, predictedCounts.length);
          predictedCounts.push(0);
        }
        predictedCounts[countIndex.get(key)!]! += 1;
        expected.set(key, starts);
      }
      batches.push({ device, events });
    }
    for (const batch of batches) await send(batch.events, batch.device);
    const rows = await incidents();
    expect(rows).toHaveLength(expectedIncidents);
    const total = rows.reduce((s, r) => s + r.event_count, 0);
    expect(total).toBe(10_000);
    // Not only as many incidents: each holds as many events as the model folded into it.
    const byCount = (xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(byCount(rows.map((r) => r.event_count))).toEqual(byCount(predictedCounts));
    const linked = await h.ctx.db
      .selectFrom('agent_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('incident_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(linked.n)).toBe(10_000);
    expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => i + 1));
  });
});
