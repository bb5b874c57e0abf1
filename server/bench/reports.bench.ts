/**
 * Reports at scale (issue 21): a report run (page of 50 with its summary) and a CSV export of
 * 10,000 rows over 1,000,000 incidents on SQLite on disk (target under 2 s each). Through
 * app.inject. Rows are copied from one real incident by the incidents bench's generator
 * (test/incidents/many-incidents.ts). Prints figures; asserts only that the answers are right.
 * BENCH_INCIDENTS changes the size.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { expect, test } from 'vitest';
import { enrolDevice, signed, startHarness } from '../test/agents/agent-harness.js';
import { agentEvent } from '../test/agents/event-factory.js';
import { cloneIncidents } from '../test/incidents/many-incidents.js';

const SIZE = Number(process.env.BENCH_INCIDENTS ?? 1_000_000);
const CHUNK = 100_000;
const ROUNDS = 3;

const REPORTS = [
  { name: 'Open, all time', filters: { open_only: true } },
  { name: 'High and critical, 30 days', filters: { severity: 'critical,high', window: { last_days: 30 } } },
];

test(`report run and 10,000-row CSV export over ${SIZE.toLocaleString('en')} incidents`, {
  timeout: 1_800_000,
}, async () => {
  const h = await startHarness({}, '2026-01-20T09:00:00.000Z');
  try {
    const d = await enrolDevice(h);
    const policy = h.port.addPolicy({ name: 'Card numbers', severity: 'high' }).id;
    const r = await signed(h, d, 'POST', '/api/v1/agent/events', {
      batch_id: randomUUID(),
      events: [agentEvent({ policy, person: 'bench' })],
    });
    expect(r.statusCode).toBe(200);
    const source = (await h.ctx.db.selectFrom('incidents').select('id').executeTakeFirstOrThrow()).id;
    const fill = performance.now();
    for (let first = 1; first < SIZE; first += CHUNK)
      await cloneIncidents(h.ctx.db, source, Math.min(CHUNK, SIZE - first), first);
    console.log(
      `reports: ${SIZE.toLocaleString('en')} incidents filled in ${((performance.now() - fill) / 1000).toFixed(1)} s`,
    );

    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      h.ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: h.owner.headers,
        ...(payload ? { payload } : {}),
      });
    for (const def of REPORTS) {
      const created = await call('POST', '/reports', def);
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      const runs: number[] = [];
      const exports: number[] = [];
      const runCpu: number[] = [];
      const exportCpu: number[] = [];
      const cpuSince = (c0: NodeJS.CpuUsage) => {
        const c = process.cpuUsage(c0);
        return (c.user + c.system) / 1000;
      };
      let total = 0;
      let bytes = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        let t0 = performance.now();
        let c0 = process.cpuUsage();
        const run = await call('GET', `/reports/${id}/run?page_size=50&sort=priority_score`);
        runs.push(performance.now() - t0);
        runCpu.push(cpuSince(c0));
        expect(run.statusCode, run.body).toBe(200);
        total = run.json().total;
        t0 = performance.now();
        c0 = process.cpuUsage();
        const csv = await call('GET', `/reports/${id}/export?sort=priority_score`);
        exports.push(performance.now() - t0);
        exportCpu.push(cpuSince(c0));
        expect(csv.statusCode, csv.body).toBe(200);
        expect(csv.headers['x-svc-report-rows']).toBe(String(Math.min(total, 10_000)));
        bytes = csv.rawPayload.length;
      }
      const fmt = (xs: number[]) => {
        const s = [...xs].sort((a, b) => a - b);
        return `median ${s[Math.floor(s.length / 2)]!.toFixed(0)} ms, max ${s.at(-1)!.toFixed(0)} ms`;
      };
      console.log(
        `reports: "${def.name}" (${total.toLocaleString('en')} match): run ${fmt(runs)} (CPU ${fmt(runCpu)}); ` +
          `CSV export of ${Math.min(total, 10_000).toLocaleString('en')} rows (${(bytes / 1e6).toFixed(1)} MB) ` +
          `${fmt(exports)} (CPU ${fmt(exportCpu)}); CPU time is steadier on a shared machine; ` +
          `load ${os
            .loadavg()
            .map((x) => x.toFixed(1))
            .join(' / ')}`,
      );
    }
  } finally {
    await h.close();
  }
});
