import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../src/db/migrations/0870_agent_event_hours.js';
import { recountEventHours } from '../../src/modules/agent-events/public.js';
import { type AgentHarness, enrolDevice, signed, type TestDevice } from '../agents/agent-harness.js';
import { agentEvent } from '../agents/event-factory.js';
import { startPostgresHarness } from '../agents/postgres-harness.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { directTimeline, rollupMatchesEvents } from './direct-count.js';

/**
 * The Activity Explorer's hourly roll-up on PostgreSQL (docs/activity-explorer.md, Hourly
 * roll-up): concurrent batches adding to the same hours count every event once (row locks taken
 * in key order, no deadlock), the timeline equals counting the events, and a recount after
 * deleting events keeps it consistent. One cluster for the file.
 */
let server: TestPostgres;
let h: AgentHarness;
let devices: TestDevice[];
let policy: string;
let tenantId: string;
const NOW = Date.parse('2026-01-20T09:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
beforeAll(async () => {
  server = await startPostgres();
  h = await startPostgresHarness(server);
  devices = [await enrolDevice(h), await enrolDevice(h)];
  policy = h.port.addPolicy({ name: 'Card numbers', severity: 'high' }).id;
  tenantId = h.owner.tenantId;
}, 120_000);
afterAll(async () => {
  await h?.close();
  await server?.stop();
});

const CHANNELS = ['print', 'clipboard', 'browser_upload'];
const ACTIONS = ['block', 'audit', 'warn_with_continue'];
let n = 0;
const event = (minutes: number) => {
  n += 1;
  return agentEvent({
    policy,
    at: at(minutes),
    channel: CHANNELS[n % 3],
    action: ACTIONS[(n >> 1) % 3],
    content: `c${n}`,
    path: `/srv/pg/f${n}.txt`,
    person: n % 2 ? 'alice' : 'bob',
  });
};

const answered = async (query: string) => {
  const r = await h.ctx.app.inject({
    method: 'GET',
    url: `/api/v1/activity-events?${query}`,
    headers: h.owner.headers,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { timeline: unknown; total: number };
};

describe('Activity Explorer hourly roll-up on PostgreSQL', { timeout: 120_000 }, () => {
  it('counts concurrent batches into the same hours exactly once', async () => {
    // Eight batches at once, four per device, all into the same few hours and keys.
    const batches = Array.from({ length: 8 }, (_, i) => ({
      device: devices[i % 2]!,
      body: {
        batch_id: randomUUID(),
        events: Array.from({ length: 12 }, (_, k) => event(-(k * 17 + i) - 5)),
      },
    }));
    const answers = await Promise.all(
      batches.map((b) => signed(h, b.device, 'POST', '/api/v1/agent/events', b.body)),
    );
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    // A repeated batch stores (and counts) nothing again.
    const again = await signed(h, batches[0]!.device, 'POST', '/api/v1/agent/events', batches[0]!.body);
    expect(again.statusCode).toBe(200);
    expect(await rollupMatchesEvents(h.ctx)).toBeGreaterThan(5);
  });

  it('answers the timeline as counting the events, from the roll-up or not', async () => {
    for (const query of [
      '',
      'channel=print',
      'outcome=blocked',
      'event_kind=user_activity',
      'user=alice',
      `from=${at(-200 + 7)}&to=${at(-11)}`,
      `from=${at(-200 + 7)}&to=${at(-11)}&channel=clipboard`,
      `from=${at(-8 * 24 * 60)}&to=${at(0)}`,
    ]) {
      const want = await directTimeline(h.ctx, tenantId, query);
      const got = await answered(query);
      expect(got.timeline, query).toEqual(want.timeline);
      expect(got.total, query).toBe(want.total);
    }
  });

  it('stays consistent when events are deleted and their hours recounted', async () => {
    const cutoff = at(-60 - 23);
    await h.ctx.db.deleteFrom('agent_events').where('occurred_at', '<', cutoff).execute();
    await recountEventHours(h.ctx.db, tenantId, null, cutoff.slice(0, 13));
    await rollupMatchesEvents(h.ctx);
    const want = await directTimeline(h.ctx, tenantId, '');
    expect((await answered('')).timeline).toEqual(want.timeline);
  });

  it('is counted from the events already stored when migration 0870 runs', async () => {
    await down(h.ctx.db as unknown as Kysely<unknown>);
    await up(h.ctx.db as unknown as Kysely<unknown>);
    expect(await rollupMatchesEvents(h.ctx)).toBeGreaterThan(0);
  });
});
