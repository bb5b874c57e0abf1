/**
 * GET /search at scale (issue 21, docs/search.md): p99 over a tenant of 1,000,000 incidents on
 * SQLite on disk (target under 100 ms), for a mix of texts — a host and a user name shared by
 * every incident, a reference, a notice-reference shape, a policy name and a text nothing holds.
 * Rows are copied from one real incident (test/incidents/many-incidents.ts). Prints the figures
 * with the machine's load; asserts only that the answers are right, never a timing.
 * BENCH_SEARCH_INCIDENTS changes the size.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { expect, test } from 'vitest';
import { enrolDevice, signed, startHarness } from '../test/agents/agent-harness.js';
import { agentEvent } from '../test/agents/event-factory.js';
import { cloneIncidents } from '../test/incidents/many-incidents.js';

const SIZE = Number(process.env.BENCH_SEARCH_INCIDENTS ?? 1_000_000);
const CHUNK = 100_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

test(`GET /search over ${SIZE.toLocaleString('en')} incidents`, async () => {
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
    const host = (await h.ctx.db.selectFrom('incidents').select('hostname').executeTakeFirstOrThrow())
      .hostname!;
    const texts = [
      host.slice(0, 4),
      'bench',
      `INC-${Math.floor(SIZE / 2)}`,
      'ABCDEF',
      'card',
      'zz-nothing-here',
    ];
    const get = (q: string) =>
      h.ctx.app.inject({
        method: 'GET',
        url: `/api/v1/search?q=${encodeURIComponent(q)}`,
        headers: h.owner.headers,
      });
    for (const q of texts) expect((await get(q)).statusCode).toBe(200); // warm the page cache
    const times: number[] = [];
    const cpu: number[] = [];
    const cpuByText = new Map<string, number>();
    const load = loadavg()[0]!;
    for (let round = 0; round < 30; round += 1)
      for (const q of texts) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const res = await get(q);
        const c1 = process.cpuUsage(c0);
        times.push(performance.now() - t0);
        cpu.push((c1.user + c1.system) / 1000);
        cpuByText.set(q, Math.max(cpuByText.get(q) ?? 0, (c1.user + c1.system) / 1000));
        expect(res.statusCode).toBe(200);
      }
    const hits = (await get('bench')).json().hits.filter((x: { kind: string }) => x.kind === 'incident');
    expect(hits).toHaveLength(5);
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    console.log(
      `search: ${SIZE.toLocaleString('en')} incidents filled in ${fillSeconds.toFixed(1)} s; GET /search ` +
        `(${times.length} requests over ${texts.length} texts) p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; CPU per request ` +
        `p50 ${percentile(cpu, 50).toFixed(1)} ms, p99 ${percentile(cpu, 99).toFixed(1)} ms; ` +
        `load average ${load.toFixed(2)} at start, ${loadavg()[0]!.toFixed(2)} at end (2 cores)`,
    );
    for (const [q, ms] of cpuByText) console.log(`  most CPU for "${q}": ${ms.toFixed(1)} ms`);
  } finally {
    await h.close();
  }
});
