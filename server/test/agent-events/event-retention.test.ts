import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../src/db/dialect.js';
import { runEventRetention } from '../../src/modules/agent-events/public.js';
import {
  type AgentHarness,
  checkinBody,
  enrolDevice,
  signed,
  startHarness,
  type TestDevice,
} from '../agents/agent-harness.js';
import { agentEvent } from '../agents/event-factory.js';

/**
 * Stored-events retention (issue 23, docs/deploy.md "Stored events at volume") on both databases:
 * 90 days, PostgreSQL by monthly partitions (made ahead, dropped whole), SQLite by batched
 * deletes; each pass reconciles the devices' stored-events footprint; a pass never holds ingest
 * or a check-in back for its whole length.
 */
const NOW = '2026-01-20T09:00:00.000Z';

async function post(h: AgentHarness, d: TestDevice, policy: string, times: string[]): Promise<void> {
  const events = times.map((at) => agentEvent({ policy, at, content: `c-${at}`, path: `/d/${at}.txt` }));
  const r = await signed(h, d, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
  expect(r.statusCode).toBe(200);
  expect(r.json().acks.every((a: { status: string }) => a.status === 'Accepted')).toBe(true);
}

async function times(h: AgentHarness, d: TestDevice): Promise<string[]> {
  const rows = await h.ctx.db
    .selectFrom('agent_events')
    .select('occurred_at')
    .where('device_id', '=', d.deviceId)
    .orderBy('occurred_at')
    .execute();
  return rows.map((r) => r.occurred_at);
}

async function footprint(h: AgentHarness, d: TestDevice): Promise<number> {
  const row = await h.ctx.db
    .selectFrom('devices')
    .select('stored_events')
    .where('id', '=', d.deviceId)
    .executeTakeFirstOrThrow();
  return Number(row.stored_events);
}

async function partitions(h: AgentHarness): Promise<string[]> {
  const r = await sql<{ name: string }>`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = 'agent_events' order by c.relname`.execute(h.ctx.db);
  return r.rows.map((x) => x.name);
}

/** Events per tenant and hour as the roll-up holds them, and as counted from the events left. */
async function rolledUp(h: AgentHarness): Promise<Record<string, number>> {
  const rows = await h.ctx.db
    .selectFrom('agent_event_hours')
    .select(['tenant_id', 'hour', 'events'])
    .execute();
  const out: Record<string, number> = {};
  for (const r of rows)
    out[`${r.tenant_id} ${r.hour}`] = (out[`${r.tenant_id} ${r.hour}`] ?? 0) + Number(r.events);
  return out;
}

async function hoursOfEvents(h: AgentHarness): Promise<Record<string, number>> {
  const rows = await h.ctx.db.selectFrom('agent_events').select(['tenant_id', 'occurred_at']).execute();
  const out: Record<string, number> = {};
  for (const r of rows) {
    const key = `${r.tenant_id} ${r.occurred_at.slice(0, 13)}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

// One suite: the `server` project runs it on SQLite, `server-pg` on PostgreSQL (docs/testing.md).
describe('event retention', { timeout: 120_000 }, () => {
  let h: AgentHarness;
  let dialect: 'sqlite' | 'postgres';
  beforeAll(async () => {
    h = await startHarness({}, NOW);
    dialect = dialectOf(h.ctx.db);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('removes events older than 90 days, keeps the rest, and reconciles each footprint', async () => {
    const policy = h.port.addPolicy().id;
    const a = await enrolDevice(h);
    const b = await enrolDevice(h);
    await post(h, a, policy, [
      '2025-10-25T10:00:00.000Z',
      '2025-11-10T10:00:00.000Z',
      '2026-01-19T10:00:00.000Z',
    ]);
    await post(h, b, policy, ['2026-01-19T11:00:00.000Z']);
    expect(await footprint(h, a)).toBe(3);
    // A footprint that drifted (a crash between two counts, an operator's repair) is corrected.
    await h.ctx.db.updateTable('devices').set({ stored_events: 999 }).where('id', '=', b.deviceId).execute();

    // 2026-02-25 minus 90 days is 2025-11-27: the October and early-November events go.
    const pass = await runEventRetention(h.ctx.db, new Date('2026-02-25T00:00:00.000Z'));
    expect(pass.cutoff).toBe('2025-11-27T00:00:00.000Z');
    expect(pass.deleted).toBe(2);
    expect(await times(h, a)).toEqual(['2026-01-19T10:00:00.000Z']);
    expect(await times(h, b)).toEqual(['2026-01-19T11:00:00.000Z']);
    expect([await footprint(h, a), await footprint(h, b)]).toEqual([1, 1]);
    expect(pass.reconciled).toBe(2);
    // The hourly roll-up the Activity Explorer reads follows the deletion.
    expect(await rolledUp(h)).toEqual(await hoursOfEvents(h));
    expect(Object.values(await rolledUp(h)).reduce((a, b) => a + b, 0)).toBe(2);
    if (dialect === 'postgres') {
      // The months from the cutoff's to two ahead exist; the rows left the default partition.
      expect(pass.created).toEqual([
        'agent_events_p202511',
        'agent_events_p202512',
        'agent_events_p202601',
        'agent_events_p202602',
        'agent_events_p202603',
        'agent_events_p202604',
      ]);
      const rows = await sql<{ n: number }>`select count(*)::int as n from agent_events_p202601`.execute(
        h.ctx.db,
      );
      expect(rows.rows[0]!.n).toBe(2);
      // Ingest lands in the monthly partition, not the default one.
      await post(h, b, policy, ['2026-01-20T08:00:00.000Z']);
      const def = await sql<{ n: number }>`select count(*)::int as n from agent_events_default`.execute(
        h.ctx.db,
      );
      expect(def.rows[0]!.n).toBe(0);
    } else {
      expect(pass.created).toEqual([]);
    }

    // Later: the months wholly before the cutoff are dropped whole, the next ones made ahead.
    const later = await runEventRetention(h.ctx.db, new Date('2026-04-15T00:00:00.000Z'));
    if (dialect === 'postgres') {
      expect(later.dropped).toEqual(['agent_events_p202511', 'agent_events_p202512']);
      expect(later.created).toEqual(['agent_events_p202605', 'agent_events_p202606']);
      expect(await partitions(h)).toEqual([
        'agent_events_default',
        'agent_events_p202601',
        'agent_events_p202602',
        'agent_events_p202603',
        'agent_events_p202604',
        'agent_events_p202605',
        'agent_events_p202606',
      ]);
    }
    expect(await times(h, a)).toEqual(['2026-01-19T10:00:00.000Z']);
  });

  it('deletes in small batches and lets a check-in through while it runs', async () => {
    const policy = h.port.addPolicy().id;
    const d = await enrolDevice(h);
    // A pass of 100 small batches against a check-in of a dozen statements: on PostgreSQL both run
    // on their own pooled connections, so the pass must be long enough that the check-in is not
    // racing its end (200 events in 8 batches lost that race now and then).
    const old = Array.from({ length: 1000 }, (_, i) =>
      new Date(Date.parse('2025-11-01T00:00:00.000Z') + i * 1000).toISOString(),
    );
    await post(h, d, policy, old.slice(0, 500));
    await post(h, d, policy, old.slice(500));
    let passDone = false;
    const pass = runEventRetention(h.ctx.db, new Date('2026-02-25T00:00:00.000Z'), 10).then((p) => {
      passDone = true;
      return p;
    });
    const checkin = await signed(h, d, 'POST', '/api/v1/agent/checkin', checkinBody());
    expect(checkin.statusCode).toBe(200);
    // The check-in was answered between two batches of the pass, not after it.
    expect(passDone).toBe(false);
    expect((await pass).deleted).toBeGreaterThanOrEqual(1000);
    expect(await times(h, d)).toEqual([]);
    expect(await footprint(h, d)).toBe(0);
  });
});
