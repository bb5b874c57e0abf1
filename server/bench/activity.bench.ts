/**
 * The Activity Explorer timeline at scale (issue 21): `GET /activity-events` (rows, total and the
 * timeline) over stored events spread over 30 days, on SQLite on disk, for a 24-hour, a 7-day and
 * a 30-day window (hourly, six-hourly, daily buckets); target p99 under 500 ms. BENCH_EVENTS is a
 * comma list of sizes measured in turn as the table grows (default 1,000,000 then 10,000,000).
 * Through app.inject. Rows go straight into agent_events by a recursive CTE (one INSERT ... SELECT
 * per 500,000), then the hourly roll-up is recounted from them as a migration would. Prints wall
 * and CPU time with the load average; asserts only that the answers are right, never a timing.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { recountEventHours } from '../src/modules/agent-events/public.js';
import { at, NOW, startActivity } from '../test/activity/activity-harness.js';

const SIZES = (process.env.BENCH_EVENTS ?? '1000000,10000000').split(',').map(Number);
const CHUNK = 500_000;
const SPAN_S = 30 * 86_400;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const cpuMs = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
};
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

test(`GET /activity-events timeline over ${SIZES.map((n) => n.toLocaleString('en')).join(', ')} events`, {
  timeout: 7_200_000,
}, async () => {
  const a = await startActivity();
  try {
    const db = a.t.h.ctx.db;
    const channels = sql.raw(
      `'browser_upload','print','clipboard','removable_storage','cloud_storage','discovery'`,
    );
    let stored = 0;
    for (const SIZE of SIZES) {
      const fill = performance.now();
      const fillCpu = process.cpuUsage();
      for (let first = stored; first < SIZE; first += CHUNK) {
        const n = Math.min(CHUNK, SIZE - first);
        await sql`
        WITH RECURSIVE c(i) AS (SELECT ${first} UNION ALL SELECT i + 1 FROM c WHERE i + 1 < ${first + n})
        INSERT INTO agent_events (id, tenant_id, device_id, batch_id, received_at, occurred_at, channel,
          action, requested_action, evaluated_offline, user_name, hostname, file_name, match_count,
          evidence_requested, payload, size_bytes)
        SELECT 'ev-' || i, ${a.t.d.tenantId}, ${a.t.d.deviceId}, 'b', ${NOW},
          strftime('%Y-%m-%dT%H:%M:%fZ', ${NOW}, '-' || ((i * 7919) % ${SPAN_S}) || ' seconds'),
          json_extract(json_array(${channels}), '$[' || CAST(i % 6 AS INTEGER) || ']'),
          CASE i % 4 WHEN 0 THEN 'block' WHEN 1 THEN 'audit' WHEN 2 THEN 'inform' ELSE 'warn_with_continue' END,
          'block', 0, 'user' || (i % 500), 'PC-' || (i % 200), 'f' || i || '.txt', i % 3, 0,
          '{"detectors":[],"enforcement":"applied"}', 100
        FROM c`.execute(db);
      }
      stored = SIZE;
      const fillSeconds = (performance.now() - fill) / 1000;
      const fillCpuSeconds = cpuMs(fillCpu) / 1000;
      const roll = performance.now();
      const rollCpu = process.cpuUsage();
      await recountEventHours(db, a.t.d.tenantId, null, NOW.slice(0, 13));
      const rollSeconds = (performance.now() - roll) / 1000;
      const hours = await db
        .selectFrom('agent_event_hours')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      console.log(
        `activity: ${SIZE.toLocaleString('en')} events stored in ${fillSeconds.toFixed(1)} s (CPU ${fillCpuSeconds.toFixed(1)} s); ` +
          `roll-up of ${Number(hours.n).toLocaleString('en')} rows recounted in ${rollSeconds.toFixed(1)} s (CPU ${(cpuMs(rollCpu) / 1000).toFixed(1)} s); load ${load()}`,
      );
      const day = 86_400_000;
      const windows = [
        ['24 h', ''],
        ['7 d', `?from=${new Date(Date.parse(NOW) - 7 * day).toISOString()}&to=${NOW}`],
        ['30 d', `?from=${new Date(Date.parse(NOW) - 30 * day).toISOString()}&to=${NOW}`],
        // Part-hours at both edges: those minutes are counted from the events.
        ['30 d off the hour', `?from=${at(-30 * 24 * 60 + 17)}&to=${at(-13)}`],
        // A filter the roll-up does not hold: every event of the window is counted.
        ['24 h, user filter (no roll-up)', '?user=user7'],
      ] as const;
      for (const [name, q] of windows) {
        const first = await a.get(q);
        expect(first.statusCode, first.body).toBe(200);
        const times: number[] = [];
        const cpu: number[] = [];
        for (let i = 0; i < 10; i += 1) {
          const t0 = performance.now();
          const c0 = process.cpuUsage();
          const r = await a.get(q);
          times.push(performance.now() - t0);
          cpu.push(cpuMs(c0));
          expect(r.statusCode).toBe(200);
        }
        times.sort((x, y) => x - y);
        cpu.sort((x, y) => x - y);
        const body = first.json();
        const buckets = body.timeline.buckets as { total: number }[];
        expect(buckets.reduce((sum, b) => sum + b.total, 0)).toBe(body.total);
        console.log(
          `activity: ${SIZE.toLocaleString('en')} events; ${name} window, ` +
            `${body.total.toLocaleString('en')} matching, ${buckets.length} ${body.timeline.bucket} buckets: ` +
            `wall p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms; ` +
            `CPU p50 ${percentile(cpu, 50).toFixed(0)} ms, p99 ${percentile(cpu, 99).toFixed(0)} ms; load ${load()}`,
        );
      }
    }
  } finally {
    await a.close();
  }
});
