import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { down, up } from '../../src/db/migrations/0870_agent_event_hours.js';
import type { timeline } from '../../src/modules/activity/timeline.js';
import { recountEventHours } from '../../src/modules/agent-events/public.js';
import { enrolDevice, signed } from '../agents/agent-harness.js';
import { agentEvent } from '../agents/event-factory.js';
import { type Activity, at, startActivity } from './activity-harness.js';
import { directTimeline, rollupMatchesEvents as matchesEvents } from './direct-count.js';

/**
 * The Activity Explorer's hourly roll-up (docs/activity-explorer.md, Hourly roll-up): the
 * timeline read from it equals counting the events under every filter, ingest keeps it in step,
 * and deleting events (retention) then recounting keeps it consistent. One server for the file.
 */
let a: Activity;
let db: Kysely<Database>;
const H = 60;
const D = 24 * H;
const CHANNELS = ['browser_upload', 'print', 'clipboard', 'removable_storage', 'discovery', 'email'];
const ACTIONS = ['block', 'audit', 'inform', 'warn', 'warn_with_continue', 'require_justification'];
let related = '';

const payload = (i: number) =>
  JSON.stringify({
    detectors: i % 5 === 0 ? [{ id: 'credit_card', category: 'financial' }] : [],
    enforcement: i % 7 === 0 ? 'reduced_by_capability' : 'applied',
    matched_policy_ids: i % 3 === 0 ? ['pol-1'] : [],
  });

beforeAll(async () => {
  a = await startActivity();
  db = a.t.h.ctx.db;
  // 1,500 events over 40 days before now, every field varied; minutes chosen to land mid-hour too.
  const ids: string[] = [];
  for (let from = 0; from < 1500; from += 300)
    ids.push(
      ...(await a.seed(
        Array.from({ length: 300 }, (_, k) => from + k).map((i) => ({
          occurred_at: at(-((i * 143) % (40 * D)) - 1),
          channel: CHANNELS[i % CHANNELS.length]!,
          action: ACTIONS[(i >> 1) % ACTIONS.length]!,
          requested_action: 'block',
          user_name: i % 4 === 0 ? 'bob' : 'alice',
          hostname: i % 6 === 1 ? 'PC-2' : 'PC-1',
          file_name: `f${i}.txt`,
          file_blake3: i % 9 === 0 ? 'b3-same' : null,
          file_mark_zone: i % 8 === 0 ? 3 : i % 8 === 1 ? 1 : null,
          decided_by_policy_id: i % 10 === 0 ? 'pol-1' : null,
          match_count: i % 2,
          incident_id: i % 4 === 1 ? randomUUID() : null,
          payload: payload(i),
        })),
      )),
    );
  related = ids[9]!;
}, 120_000);
afterAll(async () => a?.close());

const direct = (query: string) => directTimeline(a.t.h.ctx, a.t.d.tenantId, query);

async function answered(query: string) {
  const r = await a.get(`?${query}`);
  expect(r.statusCode, `${query}: ${r.body}`).toBe(200);
  return r.json() as { timeline: ReturnType<typeof timeline>; total: number };
}

const rollupMatchesEvents = () => matchesEvents(a.t.h.ctx);

const FILTERS = () =>
  [
    ['', true],
    ['channel=print', true],
    ['channel=print,discovery', true],
    ['outcome=blocked', true],
    ['outcome=notified', true],
    ['action=inform', true],
    ['outcome=prompted&action=block', true],
    ['event_kind=user_activity', true],
    ['event_kind=discovery&outcome=audited', true],
    ['channel=clipboard&outcome=prompted', true],
    ['search=PC-2', false],
    ['category=financial', false],
    ['trust=internet', false],
    ['trust=local', false],
    ['trust=none', false],
    ['user=bob', false],
    ['endpoint=PC-2', false],
    ['policy=pol-1', false],
    ['policy_id=pol-1', false],
    [`related_file=${related}`, false],
    ['incident=matched_no_incident', false],
    ['enforcement=reduced_by_capability', false],
    ['enforcement=applied', false],
    ['channel=print&user=alice', false],
  ] as const;

const WINDOWS = [
  '', // the default 24 hours: whole hours, now is on the hour
  `from=${at(-7 * D + 17)}&to=${at(-13)}`, // part-hours at both edges, six-hourly
  `from=${at(-30 * D)}&to=${at(-2 * H)}`, // daily buckets, whole hours
  `from=${at(-39 * D - 5)}&to=${at(-D + 31)}`, // daily, part-hours at both edges
  `from=${at(-50)}&to=${at(-10)}`, // inside one hour: counted from the events
];

describe('Activity Explorer hourly roll-up (docs/activity-explorer.md)', () => {
  it('answers the timeline and total exactly as counting the events, under every filter and window', async () => {
    expect(await rollupMatchesEvents()).toBeGreaterThan(100);
    for (const win of WINDOWS)
      for (const [filter, inHours] of FILTERS()) {
        const query = [win, filter].filter(Boolean).join('&');
        const want = await direct(query);
        expect(want.hours, query).toBe(inHours);
        const got = await answered(query);
        expect(got.timeline, query).toEqual(want.timeline);
        expect(got.total, query).toBe(want.total);
      }
  }, 120_000);

  it('reads whole hours from the roll-up only for the filters it holds', async () => {
    // One roll-up row is made wrong on purpose: the answers that read it show it, the rest do not.
    const row = await sql<{
      hour: string;
      channel: string;
      action: string;
    }>`select hour, channel, action from agent_event_hours where tenant_id = ${a.t.d.tenantId} and hour > ${at(-20 * H).slice(0, 13)} and hour < ${at(-2 * H).slice(0, 13)} order by hour limit 1`.execute(
      db,
    );
    const { hour, channel, action } = row.rows[0]!;
    await sql`update agent_event_hours set events = events + 1000 where tenant_id = ${a.t.d.tenantId} and hour = ${hour} and channel = ${channel} and action = ${action}`.execute(
      db,
    );
    const bucket = (t: { timeline: ReturnType<typeof timeline> }) =>
      t.timeline.buckets.find((b) => b.start === `${hour}:00:00.000Z`)!.total;
    expect(bucket(await answered(''))).toBe(bucket(await direct('')) + 1000);
    expect(bucket(await answered(`channel=${channel}`))).toBe(
      bucket(await direct(`channel=${channel}`)) + 1000,
    );
    expect(await answered('user=alice')).toMatchObject({ timeline: (await direct('user=alice')).timeline });
    // A window starting inside that hour counts its part of the hour from the events.
    const inside = `from=${new Date(Date.parse(`${hour}:00:00.000Z`) + 60_000).toISOString()}&to=${at(-H)}`;
    expect(await answered(inside)).toMatchObject({ timeline: (await direct(inside)).timeline });

    // Recounting the hour from the events puts it right.
    await recountEventHours(db, a.t.d.tenantId, hour, hour);
    await rollupMatchesEvents();
    expect((await answered('')).timeline).toEqual((await direct('')).timeline);
  });

  it('counts what ingest stores in the same transaction, duplicates and repeated batches once', async () => {
    const t = a.t;
    const ev = (minutes: number, channel: string, action: string) =>
      agentEvent({
        policy: t.policy,
        at: at(minutes),
        channel,
        action,
        content: `c${minutes}`,
        path: `/p/${minutes}`,
      });
    const first = [ev(-125, 'print', 'block'), ev(-110, 'print', 'block'), ev(-61, 'clipboard', 'audit')];
    const batch = { batch_id: randomUUID(), events: first };
    for (const body of [
      batch,
      batch,
      { batch_id: randomUUID(), events: [first[0], ev(-3, 'print', 'audit')] },
    ]) {
      const r = await signed(t.h, t.d, 'POST', '/api/v1/agent/events', body);
      expect(r.statusCode, r.body).toBe(200);
    }
    await rollupMatchesEvents();
    const hours = await sql<{
      n: number;
    }>`select events as n from agent_event_hours where tenant_id = ${t.d.tenantId} and hour = ${at(-125).slice(0, 13)} and channel = 'print' and action = 'block'`.execute(
      db,
    );
    expect(hours.rows.map((r) => Number(r.n))).toEqual([2]);
    expect((await answered('')).timeline).toEqual((await direct('')).timeline);
  });

  it('counts concurrent batches into the same hours exactly once', async () => {
    // On PostgreSQL the batches run in parallel transactions: the hour rows are locked in key
    // order, so none deadlocks and none is counted twice.
    const t = a.t;
    const devices = [t.d, await enrolDevice(t.h)];
    const pcs = ['print', 'clipboard', 'browser_upload'];
    const acts = ['block', 'audit', 'warn_with_continue'];
    let n = 0;
    const ev = (minutes: number) => {
      n += 1;
      return agentEvent({
        policy: t.policy,
        at: at(minutes),
        channel: pcs[n % 3],
        action: acts[(n >> 1) % 3],
        content: `race${n}`,
        path: `/srv/race/f${n}.txt`,
        person: n % 2 ? 'alice' : 'bob',
      });
    };
    const batches = Array.from({ length: 8 }, (_, i) => ({
      device: devices[i % 2]!,
      body: { batch_id: randomUUID(), events: Array.from({ length: 12 }, (_, k) => ev(-(k * 17 + i) - 5)) },
    }));
    const answers = await Promise.all(
      batches.map((b) => signed(t.h, b.device, 'POST', '/api/v1/agent/events', b.body)),
    );
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const again = await signed(t.h, batches[0]!.device, 'POST', '/api/v1/agent/events', batches[0]!.body);
    expect(again.statusCode).toBe(200);
    await rollupMatchesEvents();
    for (const query of ['', 'channel=print', 'outcome=blocked', `from=${at(-200 + 7)}&to=${at(-11)}`])
      expect((await answered(query)).timeline, query).toEqual((await direct(query)).timeline);
  });

  it('stays consistent when retention deletes events and recounts the hours it deleted from', async () => {
    const cutoff = at(-20 * D - 17);
    await db
      .deleteFrom('agent_events')
      .where('tenant_id', '=', a.t.d.tenantId)
      .where('occurred_at', '<', cutoff)
      .execute();
    await recountEventHours(db, a.t.d.tenantId, null, cutoff.slice(0, 13));
    await rollupMatchesEvents();
    const month = `from=${at(-40 * D)}&to=${at(-H)}`;
    expect((await answered(month)).timeline).toEqual((await direct(month)).timeline);
  });

  it('is counted from the events already stored when migration 0870 runs', async () => {
    await down(a.t.h.ctx.db as unknown as Kysely<unknown>);
    await up(a.t.h.ctx.db as unknown as Kysely<unknown>);
    expect(await rollupMatchesEvents()).toBeGreaterThan(0);
  });
});
