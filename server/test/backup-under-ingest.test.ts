import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentHarness,
  enrolDevice,
  signed,
  startHarness,
  type TestDevice,
} from './agents/agent-harness.js';
import { agentEvent } from './agents/event-factory.js';
import { serverBin } from './helpers/server-process.js';

/**
 * Issue 23, "Events at volume": `dlp-server backup` (a separate process, as the operator runs it)
 * taken while 500-event batches are being ingested is a consistent copy: the database is whole
 * (integrity check), and it holds whole batches only, each batch's events, idempotency record,
 * incident counts and device footprint together, never half of one.
 */
let h: AgentHarness;
let out: string;
beforeAll(async () => {
  h = await startHarness({
    DLP_QUOTA_EVENTS_PER_HOUR: '1000000',
    DLP_QUOTA_EVENT_BURST: '2000000',
    DLP_AGENT_RATE_PER_MINUTE: '10000',
    DLP_AGENT_RATE_BURST: '10000',
    // Concurrent batches are the point here: none is refused as busy (upload-admission.ts).
    DLP_INGEST_CONCURRENT_UPLOADS: '64',
  });
  out = await fs.mkdtemp(path.join(os.tmpdir(), 'custos-backup-ingest-'));
}, 60_000);
afterAll(async () => {
  await h?.close();
  if (out) await fs.rm(out, { recursive: true, force: true });
});

function backup(dataDir: string, dir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [serverBin, 'backup', '--out', dir], {
      env: { PATH: process.env.PATH ?? '', DLP_DATA_DIR: dataDir, DLP_LOG_LEVEL: 'warn' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

describe('backup while ingest runs', { timeout: 180_000 }, () => {
  it('copies whole batches only: events, idempotency records, incidents and footprints agree', async () => {
    const policy = h.port.addPolicy().id;
    const devices: TestDevice[] = [];
    for (let i = 0; i < 3; i += 1) devices.push(await enrolDevice(h));
    let running = true;
    let stored = 0;
    const upload = async (d: TestDevice, n: number) => {
      const events = Array.from({ length: 500 }, (_, i) =>
        agentEvent({ policy, content: `doc-${(n * 500 + i) % 37}`, person: `user${i % 5}` }),
      );
      const r = await signed(h, d, 'POST', '/api/v1/agent/events', { batch_id: randomUUID(), events });
      expect(r.statusCode).toBe(200);
      stored += 500;
    };
    const loops = devices.map(async (d) => {
      for (let n = 0; running; n += 1) await upload(d, n);
    });
    while (stored < 3_000) await new Promise((r) => setTimeout(r, 20));

    const dir = path.join(out, 'during-ingest');
    const taken = await backup(h.ctx.dataDir, dir);
    expect(taken.code, taken.stderr).toBe(0);
    const atBackup = stored;
    // Ingest went on after the copy: the live database moved past it.
    while (stored < atBackup + 1_500) await new Promise((r) => setTimeout(r, 20));
    running = false;
    await Promise.all(loops);

    const copy = new BetterSqlite3(path.join(dir, 'custos.db'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const one = (q: string) => Number((copy.prepare(q).get() as { n: number | null }).n ?? 0);
      const events = one('select count(*) as n from agent_events');
      expect(events).toBeGreaterThan(0);
      expect(events % 500).toBe(0);
      expect(one('select count(*) * 500 as n from ingest_batches')).toBe(events);
      expect(one('select sum(stored_events) as n from devices')).toBe(events);
      expect(one('select sum(event_count) as n from incidents')).toBe(events);
      const live = await h.ctx.db
        .selectFrom('agent_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(live.n)).toBeGreaterThan(events);
    } finally {
      copy.close();
    }
  });
});
