import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { dialectOf } from '../../src/db/dialect.js';
import { ingestHoldTimes } from '../../src/modules/ingest/public.js';
import { type AgentHarness, enrolDevice, signed, startHarness, type TestDevice } from './agent-harness.js';
import { agentEvent } from './event-factory.js';

/**
 * With DLP_INGEST_SLICE_INCIDENTS below a batch's size, a batch is stored in slices touching at
 * most that many incidents, each its own transaction: the acks stay exact, an ack only once its
 * event is stored, and a batch re-sent after a failure between slices gives Duplicate for what
 * was stored. By default (500) a batch is one transaction.
 */
const SLICE_INCIDENTS = 250;
let h: AgentHarness;
let d: TestDevice;
let policy: string;
beforeAll(async () => {
  h = await startHarness({ DLP_INGEST_SLICE_INCIDENTS: String(SLICE_INCIDENTS) });
  d = await enrolDevice(h);
  policy = h.port.addPolicy().id;
});
afterAll(async () => h?.close());

/** `n` events one second apart from `start`, about one document or each about its own. */
function events(n: number, content: string, start: number, own = true) {
  return Array.from({ length: n }, (_, i) => {
    const doc = own ? `${content}-${i}` : content;
    return agentEvent({
      policy,
      content: doc,
      path: `/srv/share/${doc}.txt`,
      at: new Date(start + i * 1_000).toISOString(),
    });
  });
}

const post = (batch_id: string, evs: unknown[]) =>
  signed(h, d, 'POST', '/api/v1/agent/events', { batch_id, events: evs });

/** Stored events of these documents, their incidents and the events those count. */
async function storedOf(content: string) {
  const ev = await h.ctx.db
    .selectFrom('agent_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('device_id', '=', d.deviceId)
    .where('file_path', 'like', `/srv/share/${content}%`)
    .executeTakeFirstOrThrow();
  const inc = await h.ctx.db
    .selectFrom('incidents')
    .select(['event_count'])
    .where('file_path', 'like', `/srv/share/${content}%`)
    .execute();
  return {
    events: Number(ev.n),
    incidents: inc.length,
    counted: inc.reduce((sum, r) => sum + Number(r.event_count), 0),
  };
}

const statuses = (acks: { status: string }[]) => acks.map((a) => a.status);

test('a batch touching more incidents than a slice holds: two transactions, every event stored and folded once, one record', async () => {
  const n = SLICE_INCIDENTS + 200;
  const batch = randomUUID();
  const evs = events(n, 'sliced-whole', Date.parse('2026-01-15T08:00:00Z'));
  ingestHoldTimes.drain();
  const r = await post(batch, evs);
  expect(ingestHoldTimes.drain()).toHaveLength(2);
  expect(r.statusCode).toBe(200);
  expect(statuses(r.json().acks)).toEqual(Array(n).fill('Accepted'));
  expect(await storedOf('sliced-whole-')).toEqual({ events: n, incidents: n, counted: n });
  const records = await h.ctx.db
    .selectFrom('ingest_batches')
    .select('batch_id')
    .where('batch_id', '=', batch)
    .execute();
  expect(records).toHaveLength(1);
  const again = await post(batch, evs);
  expect(again.json().acks).toEqual(r.json().acks);
  expect(await storedOf('sliced-whole-')).toEqual({ events: n, incidents: n, counted: n });
});

// Cut, it would write its incident (with scores, locations, policy counts) once per slice.
test('a batch folding into few incidents is one transaction, whatever its size', async () => {
  const n = SLICE_INCIDENTS + 200;
  ingestHoldTimes.drain();
  const r = await post(randomUUID(), events(n, 'one-doc', Date.parse('2026-01-15T12:00:00Z'), false));
  expect(ingestHoldTimes.drain()).toHaveLength(1);
  expect(statuses(r.json().acks)).toEqual(Array(n).fill('Accepted'));
  expect(await storedOf('one-doc')).toEqual({ events: n, incidents: 1, counted: n });
});

test('a store failure in a later slice: earlier slices stay Accepted, the rest Retry; the re-sent batch gives Duplicate for them', async () => {
  const n = SLICE_INCIDENTS + 20;
  const batch = randomUUID();
  // Sent newest first: slices follow occurrence order, not the order of the batch.
  const evs = events(n, 'sliced-fail', Date.parse('2026-01-15T10:00:00Z')).reverse();
  const failing = evs[5]!.event_id; // the sixth newest: in the second slice
  const trigger = dialectOf(h.ctx.db) === 'sqlite' ? sqliteFailure(failing) : postgresFailure(failing);
  await trigger.create();
  const first = await post(batch, evs);
  await trigger.drop();
  expect(first.statusCode).toBe(200);
  const firstAcks = first.json().acks as { event_id: string; status: string }[];
  // The 20 newest were in the failed slice: asked again; the oldest SLICE_INCIDENTS are stored.
  expect(statuses(firstAcks)).toEqual([
    ...Array(20).fill('Retry'),
    ...Array(SLICE_INCIDENTS).fill('Accepted'),
  ]);
  expect(await storedOf('sliced-fail-')).toEqual({
    events: SLICE_INCIDENTS,
    incidents: SLICE_INCIDENTS,
    counted: SLICE_INCIDENTS,
  });
  const records = await h.ctx.db
    .selectFrom('ingest_batches')
    .select('batch_id')
    .where('batch_id', '=', batch)
    .execute();
  expect(records).toHaveLength(0);

  const second = await post(batch, evs);
  expect(statuses(second.json().acks)).toEqual([
    ...Array(20).fill('Accepted'),
    ...Array(SLICE_INCIDENTS).fill('Duplicate'),
  ]);
  expect(await storedOf('sliced-fail-')).toEqual({ events: n, incidents: n, counted: n });
  const third = await post(batch, evs);
  expect(third.json().acks).toEqual(second.json().acks);
});

/** A real database failure on inserting one event (a trigger), dropped after the request. */
function sqliteFailure(eventId: string) {
  return {
    create: () =>
      sql`create trigger ingest_slice_failure before insert on agent_events when new.id = ${sql.lit(eventId)}
        begin select raise(abort, 'injected failure'); end`.execute(h.ctx.db),
    drop: () => sql`drop trigger ingest_slice_failure`.execute(h.ctx.db),
  };
}

function postgresFailure(eventId: string) {
  return {
    create: async () => {
      await sql`create function ingest_slice_failure() returns trigger language plpgsql as $$
        begin
          if new.id = ${sql.lit(eventId)} then raise exception 'injected failure'; end if;
          return new;
        end $$`.execute(h.ctx.db);
      await sql`create trigger ingest_slice_failure before insert on agent_events
        for each row execute function ingest_slice_failure()`.execute(h.ctx.db);
    },
    drop: async () => {
      await sql`drop trigger ingest_slice_failure on agent_events`.execute(h.ctx.db);
      await sql`drop function ingest_slice_failure()`.execute(h.ctx.db);
    },
  };
}

test('by default a batch is one transaction, however many incidents its events open', async () => {
  const whole = await startHarness();
  try {
    const device = await enrolDevice(whole);
    const pid = whole.port.addPolicy().id;
    const evs = Array.from({ length: 400 }, (_, i) =>
      agentEvent({
        policy: pid,
        content: `whole-${i}`,
        path: `/srv/share/whole-${i}.txt`,
        at: new Date(Date.parse('2026-01-15T14:00:00Z') + i * 1_000).toISOString(),
      }),
    );
    ingestHoldTimes.drain();
    const r = await signed(whole, device, 'POST', '/api/v1/agent/events', {
      batch_id: randomUUID(),
      events: evs,
    });
    expect(statuses(r.json().acks)).toEqual(Array(400).fill('Accepted'));
    expect(ingestHoldTimes.drain()).toHaveLength(1);
    const n = await whole.ctx.db
      .selectFrom('incidents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(400);
  } finally {
    await whole.close();
  }
});
