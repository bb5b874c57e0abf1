import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/db/connect.js';
import { dialectOf } from '../../src/db/dialect.js';
import { interruptibleWriter, mainConnectionHeld, readerOf } from '../../src/db/side-connections.js';
import { DeferredCheckins, deferredCheckinsOf } from '../../src/modules/agent-api/deferred-checkins.js';
import { spendNonce } from '../../src/modules/agent-api/signed-request.js';
import { queueCommand } from '../../src/modules/agents/public.js';
import {
  type AgentHarness,
  checkinBody,
  enrolDevice,
  signed,
  startHarness,
  type TestDevice,
} from './agent-harness.js';

/**
 * A check-in never waits for an ingest transaction on SQLite's main connection (docs/deploy.md,
 * Check-ins beside ingest): its reads use the reader connection, its nonce the nonce file, and
 * its row is written when the transaction commits. On PostgreSQL the same tests hold (the pool
 * serves the check-in beside the transaction), and the row is written at once.
 */
let h: AgentHarness;
let device: TestDevice;
const CHECKIN = '/api/v1/agent/checkin';

beforeAll(async () => {
  h = await startHarness();
  device = await enrolDevice(h);
  // The device's stored capabilities become the check-ins' own (a change is written at once).
  expect((await signed(h, device, 'POST', CHECKIN, checkinBody())).statusCode).toBe(200);
});
afterAll(async () => h?.close());

/** Opens a transaction on the main handle and keeps it open until `release` is called. */
async function holdMainConnection(): Promise<{ release: () => void; done: Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let opened!: () => void;
  const isOpen = new Promise<void>((r) => {
    opened = r;
  });
  const done = h.ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('devices').select('id').limit(1).execute();
    opened();
    await gate;
  });
  await isOpen;
  return { release, done };
}

const lastSeen = async () =>
  (
    await readerOf(h.ctx.db)
      .selectFrom('devices')
      .select(['last_seen_at', 'health'])
      .where('id', '=', device.deviceId)
      .executeTakeFirstOrThrow()
  ).health;

describe('check-ins beside an open ingest transaction', () => {
  it('answers a check-in while a transaction holds the main connection; its row is written after the commit', async () => {
    const held = await holdMainConnection();
    const sqlite = dialectOf(h.ctx.db) === 'sqlite';
    expect(mainConnectionHeld(h.ctx.db)).toBe(sqlite);
    const r = await signed(h, device, 'POST', CHECKIN, checkinBody({ health: { queue_depth: 41 } }));
    expect(r.statusCode).toBe(200);
    expect(r.json().commands).toEqual([]);
    // SQLite: the row waits for the commit; PostgreSQL wrote it at once.
    expect(JSON.parse(await lastSeen())).toEqual(
      sqlite ? expect.not.objectContaining({ queue_depth: 41 }) : { queue_depth: 41 },
    );
    held.release();
    await held.done;
    await deferredCheckinsOf(h.ctx.db).settled();
    expect(JSON.parse(await lastSeen())).toEqual({ queue_depth: 41 });
  });

  it('a check-in whose device has a queued command waits for the commit and collects it', async () => {
    await queueCommand(h.ctx.db, {
      id: randomUUID(),
      tenant_id: device.tenantId,
      device_id: device.deviceId,
      kind: 'AskPerson',
      payload: JSON.stringify({ question_id: 'q1' }),
      created_at: h.ctx.clock.now().toISOString(),
    });
    const held = await holdMainConnection();
    const answer = signed(h, device, 'POST', CHECKIN, checkinBody());
    held.release();
    await held.done;
    const r = await answer;
    expect(r.statusCode).toBe(200);
    expect(r.json().commands.map((c: { kind: string }) => c.kind)).toEqual(['AskPerson']);
    const again = await signed(h, device, 'POST', CHECKIN, checkinBody());
    expect(again.json().commands).toEqual([]);
  });

  it('is answered between two statements of a transaction written through the ingest handle', async () => {
    const writer = interruptibleWriter(h.ctx.db);
    const log: string[] = [];
    const checkin = signed(h, device, 'POST', CHECKIN, checkinBody()).then((r) => {
      log.push(`check-in ${r.statusCode}`);
    });
    await writer.transaction().execute(async (trx) => {
      for (let i = 0; i < 200; i += 1) await trx.selectFrom('devices').select('id').limit(1).execute();
      log.push('committed');
    });
    await checkin;
    expect(log).toEqual(['check-in 200', 'committed']);
    await deferredCheckinsOf(h.ctx.db).settled();
  });

  it('a nonce spent stays spent for a new connection to the same database (a restart)', async () => {
    const nonce = 'c'.repeat(32);
    expect((await signed(h, device, 'POST', CHECKIN, checkinBody(), { nonce })).statusCode).toBe(200);
    const restarted = connectDatabase(h.ctx.config).db;
    try {
      const now = h.ctx.clock.now();
      await expect(spendNonce(restarted, device.deviceId, nonce, now.getTime(), now)).rejects.toMatchObject({
        code: 'agent.nonce_spent',
      });
    } finally {
      await restarted.destroy();
    }
  });
});

describe('deferred check-in rows', () => {
  it('a row written directly drops the waiting one, so an older report never overwrites a newer', async () => {
    const deferred = new DeferredCheckins(h.ctx.db);
    const row = await readerOf(h.ctx.db)
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', device.deviceId)
      .executeTakeFirstOrThrow();
    const report = {
      health: JSON.stringify({ queue_depth: 7 }),
      capabilities: row.capabilities,
      bundle_version: 0,
      policy_trust_version: 1,
      last_seen_at: '2000-01-01T00:00:00.000Z',
      os_version: row.os_version,
      agent_version: row.agent_version,
    };
    deferred.defer(row, report);
    deferred.forget(row.id);
    await deferred.settled();
    expect(JSON.parse(await lastSeen())).not.toEqual({ queue_depth: 7 });
    deferred.defer(row, report);
    expect(deferred.size).toBe(1);
    await deferred.settled();
    expect(deferred.size).toBe(0);
    expect(JSON.parse(await lastSeen())).toEqual({ queue_depth: 7 });
  });
});
