/**
 * The incident queue at scale (issue 16): `GET /incidents` with three filters and a sort over
 * 1,000,000 incidents on SQLite on disk (target p99 under 200 ms), and `POST /incidents/bulk`
 * status over 200 items (target under 1 s). Through app.inject (no TLS or socket cost). Rows are
 * copied from one real incident by a recursive CTE (test/incidents/many-incidents.ts). Prints
 * figures; asserts only that the answers are right, never a timing. BENCH_INCIDENTS changes the
 * size.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { expect, test } from 'vitest';
import { enrolDevice, signed, startHarness } from '../test/agents/agent-harness.js';
import { agentEvent } from '../test/agents/event-factory.js';
import { cloneIncidents } from '../test/incidents/many-incidents.js';

const SIZE = Number(process.env.BENCH_INCIDENTS ?? 1_000_000);
const CHUNK = 100_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const QUERIES = [
  'status=new,triaged&severity=critical,high&channel=removable_storage&sort=priority',
  'status=new&severity=high&channel=cloud_storage&sort=created',
  'status=investigating,awaiting_user&severity=critical&channel=file_create,file_modify&sort=risk',
  'open_only=true&severity=medium,low&channel=print&sort=last_seen',
];

test(`GET /incidents over ${SIZE.toLocaleString('en')} incidents and bulk status over 200`, async () => {
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
    const fillSeconds = (performance.now() - fill) / 1000;
    const get = (q: string) =>
      h.ctx.app.inject({ method: 'GET', url: `/api/v1/incidents?${q}&limit=50`, headers: h.owner.headers });

    for (const q of QUERIES) expect((await get(q)).statusCode).toBe(200); // warm the page cache
    const times: number[] = [];
    const cpu: number[] = [];
    const totals = new Map<string, number>();
    for (let round = 0; round < 25; round += 1) {
      for (const q of QUERIES) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const res = await get(q);
        const c1 = process.cpuUsage(c0);
        times.push(performance.now() - t0);
        cpu.push((c1.user + c1.system) / 1000);
        expect(res.statusCode).toBe(200);
        totals.set(q, res.json().total);
      }
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    console.log(
      `incidents: ${SIZE.toLocaleString('en')} rows filled in ${fillSeconds.toFixed(1)} s; GET /incidents ` +
        `(3 filters + sort, ${times.length} requests) p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; CPU time per request ` +
        `(steadier on a shared machine) p50 ${percentile(cpu, 50).toFixed(1)} ms, p99 ${percentile(cpu, 99).toFixed(1)} ms`,
    );
    for (const [q, n] of totals) console.log(`  ${n.toLocaleString('en')} match ${q}`);

    const bulkTimes: number[] = [];
    const bulkCpu: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const rows = await h.ctx.db
        .selectFrom('incidents')
        .select(['id', 'row_version'])
        .where('status', '=', 'new')
        .orderBy('number')
        .limit(200)
        .offset(round * 1000)
        .execute();
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const res = await h.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/incidents/bulk',
        headers: h.owner.headers,
        payload: {
          idempotency_key: `bench-bulk-${round}-${randomUUID()}`,
          action: 'status',
          status: 'triaged',
          items: rows.map((x) => ({ id: x.id, row_version: x.row_version })),
        },
      });
      bulkTimes.push(performance.now() - t0);
      const c1 = process.cpuUsage(c0);
      bulkCpu.push((c1.user + c1.system) / 1000);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().counts.updated).toBe(200);
    }
    console.log(
      `incidents: POST /incidents/bulk status over 200 items: ${bulkTimes.map((x) => `${x.toFixed(0)} ms`).join(', ')}` +
        ` (CPU ${bulkCpu.map((x) => `${x.toFixed(0)} ms`).join(', ')})`,
    );
  } finally {
    await h.close();
  }
});
