/**
 * Sustained event ingest (issues 6 and 23): events per second accepted through signed 500-event
 * batches, correlated into incidents, on SQLite on disk and on PostgreSQL (through app.inject: no
 * TLS or socket cost), the p99 latency of a signed check-in sent while that load runs, and the
 * same rows inserted again as plain multi-row INSERTs in the same run (raw-insert.ts), with the
 * ratio ingest / raw (issue 23's target: at least 0.3). Prints figures; asserts only that every
 * event was accepted and correlated, never a timing.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { ingestHoldTimes } from '../src/modules/ingest/public.js';
import {
  type AgentHarness,
  checkinBody,
  enrolDevice,
  signHeaders,
  startHarness,
  type TestDevice,
} from '../test/agents/agent-harness.js';
import { agentEvent } from '../test/agents/event-factory.js';
import { startPostgresHarness } from '../test/agents/postgres-harness.js';
import { startPostgres, type TestPostgres } from '../test/helpers/postgres.js';
import { rawInsertRate } from './raw-insert.js';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Shape = (
  n: number,
  device: number,
) => { policy: number; channel: string; person: string; content: string };

/**
 * Two shapes of traffic. `repeated`: each endpoint's people keep touching the same few dozen
 * documents (edits, re-scans, copies out), so most events fold into incidents that exist.
 * `scattered`: person, content, channel and policy vary independently, so nearly every event of
 * a batch lands in a different incident (the correlation worst case).
 */
const SHAPES: Record<string, Shape> = {
  repeated: (n, device) => ({
    policy: n % 2,
    channel: ['file_modify', 'file_modify', 'file_create', 'discovery', 'removable_storage'][n % 5]!,
    person: `user${device * 3 + (n % 3)}`,
    content: `dev${device}-doc-${(n * 7) % 40}`,
  }),
  scattered: (n) => ({
    policy: n % 3,
    channel: ['file_create', 'file_modify', 'removable_storage', 'discovery', 'browser_upload'][
      (n * 31) % 5
    ]!,
    person: `user${(n * 13) % 50}`,
    content: `doc-${(n * 7919) % 400}`,
  }),
};

interface Round {
  eventsPerSecond: number;
  /** The same rows as plain multi-row INSERTs, measured right after on the same database. */
  rawPerSecond: number;
  /** Events per second of this process's CPU time (all its threads): steadier on a shared machine. */
  eventsPerCpuSecond: number;
  checkinP99: number;
  /** Longest hold of the writer (and SQLite's connection) by one batch's transaction, p99, ms. */
  holdP99: number;
}

/**
 * `INGEST_BENCH_PROFILE=dir` writes a CPU profile of each round's timed part there (open it in
 * Chrome's DevTools or summarise it): where the time of ingest goes, per shape and database.
 */
async function startProfile(): Promise<((name: string) => Promise<void>) | undefined> {
  const dir = process.env.INGEST_BENCH_PROFILE;
  if (!dir) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async (name) => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${dir}/${name}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  };
}

type Dialect = 'sqlite' | 'postgres';
const LIMITS = {
  DLP_AGENT_RATE_PER_MINUTE: '100000',
  DLP_AGENT_RATE_BURST: '100000',
  DLP_QUOTA_EVENTS_PER_HOUR: '10000000',
  DLP_QUOTA_EVENT_BURST: '20000000',
  DLP_QUOTA_BYTES_PER_HOUR: String(1024 ** 4),
  DLP_QUOTA_BYTE_BURST: String(2 * 1024 ** 4),
  // The bench measures ingest itself: every device's batches are taken, none refused as busy.
  DLP_INGEST_CONCURRENT_UPLOADS: '64',
};
const NOW = '2026-01-20T09:00:00.000Z';

/** One PostgreSQL cluster for the file; each round gets a fresh database in it. */
let cluster: TestPostgres | undefined;
let pgRound = 0;
afterAll(async () => {
  await cluster?.stop();
});

async function harness(dialect: Dialect): Promise<AgentHarness> {
  if (dialect === 'sqlite') return startHarness(LIMITS, NOW);
  cluster ??= await startPostgres();
  pgRound += 1;
  const name = `ingest_bench_${pgRound}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return startPostgresHarness(
    { ...cluster, url: cluster.url.replace(/\/postgres$/, `/${name}`) },
    LIMITS,
    NOW,
  );
}

async function round(shapeName: string, shape: Shape, dialect: Dialect): Promise<Round> {
  const h = await harness(dialect);
  try {
    const DEVICES = 8;
    const BATCHES = Number(process.env.INGEST_BENCH_BATCHES ?? 120);
    const devices: TestDevice[] = [];
    for (let i = 0; i < DEVICES; i += 1) devices.push(await enrolDevice(h));
    const policies = [h.port.addPolicy().id, h.port.addPolicy().id, h.port.addPolicy().id];
    const now = h.ctx.clock.now().getTime();

    // The agents' work (building and signing) happens before the clock starts.
    const requests = Array.from({ length: BATCHES }, (_, b) => {
      const device = devices[b % DEVICES]!;
      const events = Array.from({ length: 500 }, (_, i) => {
        const n = b * 500 + i;
        const x = shape(n, b % DEVICES);
        const content = x.content;
        return agentEvent({
          policy: policies[x.policy]!,
          channel: x.channel,
          person: x.person,
          content,
          path: `/home/share/${content}.docx`,
          at: new Date(now - 3_600_000 + n * 50).toISOString(),
        });
      });
      const body = Buffer.from(JSON.stringify({ batch_id: randomUUID(), events }));
      const headers = signHeaders(device, 'POST', '/api/v1/agent/events', body, now);
      return { body, headers: { ...headers, 'content-type': 'application/json' } };
    });

    let running = true;
    const checkinTimes: number[] = [];
    const checkins = (async () => {
      let i = 0;
      while (running) {
        const device = devices[i % DEVICES]!;
        i += 1;
        const body = Buffer.from(JSON.stringify(checkinBody()));
        const headers = signHeaders(device, 'POST', '/api/v1/agent/checkin', body, now);
        const t0 = performance.now();
        const r = await h.ctx.app.inject({
          method: 'POST',
          url: '/api/v1/agent/checkin',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: body,
        });
        checkinTimes.push(performance.now() - t0);
        expect(r.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    // Each device uploads its batches one after another (as the agent does); devices in parallel.
    ingestHoldTimes.drain();
    const profiler = await startProfile();
    const start = performance.now();
    const cpuBefore = process.cpuUsage();
    await Promise.all(
      devices.map(async (_, di) => {
        for (let b = di; b < BATCHES; b += DEVICES) {
          const { body, headers } = requests[b]!;
          const r = await h.ctx.app.inject({
            method: 'POST',
            url: '/api/v1/agent/events',
            headers,
            payload: body,
          });
          expect(r.statusCode).toBe(200);
          expect(r.json().acks.every((a: { status: string }) => a.status === 'Accepted')).toBe(true);
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    await profiler?.(`ingest-${shapeName}-${dialect}`);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    running = false;
    await checkins;
    const holds = ingestHoldTimes.drain().sort((a, b) => a - b);

    const events = BATCHES * 500;
    const incidents = await h.ctx.db
      .selectFrom('incidents')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('event_count').as('e')])
      .executeTakeFirstOrThrow();
    expect(Number(incidents.e)).toBe(events);
    const stored = await h.ctx.db
      .selectFrom('agent_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(events);
    checkinTimes.sort((a, b) => a - b);
    const rawPerSecond = await rawInsertRate(h.ctx.db);
    const where = dialect === 'sqlite' ? 'SQLite on disk, WAL' : 'PostgreSQL 15, loopback';
    console.log(
      `ingest (${shapeName}, ${dialect}): ${events} events in ${BATCHES} signed 500-event batches from ${DEVICES} devices in ${seconds.toFixed(2)} s = ` +
        `${Math.round(events / seconds)} events/s accepted, correlated into ${incidents.n} incidents (${where}); ` +
        `${cpuSeconds.toFixed(2)} CPU-s = ${Math.round(events / cpuSeconds)} events per CPU-second; ` +
        `raw multi-row INSERT of the same rows ${Math.round(rawPerSecond)} rows/s, ratio ${(events / seconds / rawPerSecond).toFixed(2)}`,
    );
    console.log(
      `check-in under that load (${shapeName}): ${checkinTimes.length} check-ins, p50 ${percentile(checkinTimes, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(checkinTimes, 99).toFixed(1)} ms, max ${checkinTimes.at(-1)!.toFixed(1)} ms`,
    );
    console.log(
      `batch transaction hold (${shapeName}): ${holds.length} batches, p50 ${percentile(holds, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(holds, 99).toFixed(1)} ms, max ${holds.at(-1)!.toFixed(1)} ms`,
    );
    return {
      eventsPerSecond: events / seconds,
      rawPerSecond,
      eventsPerCpuSecond: events / cpuSeconds,
      checkinP99: percentile(checkinTimes, 99),
      holdP99: percentile(holds, 99),
    };
  } finally {
    await h.close();
  }
}

/**
 * Rounds per shape on fresh databases: the machine is shared, so one run can mislead.
 * `INGEST_BENCH_ROUNDS` and `INGEST_BENCH_BATCHES` shorten a run on a busy machine.
 */
const ROUNDS: Record<Dialect, number> = process.env.INGEST_BENCH_ROUNDS
  ? { sqlite: Number(process.env.INGEST_BENCH_ROUNDS), postgres: Number(process.env.INGEST_BENCH_ROUNDS) }
  : { sqlite: 3, postgres: 1 };

for (const dialect of ['sqlite', 'postgres'] as const)
  for (const [shapeName, shape] of Object.entries(SHAPES))
    test(`sustained signed ingest (${shapeName}, ${dialect}) with correlation, raw INSERT ratio, check-in latency`, async () => {
      const rounds: Round[] = [];
      for (let i = 0; i < ROUNDS[dialect]; i += 1) rounds.push(await round(shapeName, shape, dialect));
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const eps = rounds.map((r) => r.eventsPerSecond);
      const ratio = median(rounds.map((r) => r.eventsPerSecond / r.rawPerSecond));
      console.log(
        `SUMMARY ${shapeName} ${dialect}: median ${Math.round(median(eps))} events/s (range ${Math.round(Math.min(...eps))}-${Math.round(Math.max(...eps))}) ` +
          `over ${ROUNDS[dialect]} round(s); raw INSERT median ${Math.round(median(rounds.map((r) => r.rawPerSecond)))} rows/s, ingest/raw ${ratio.toFixed(2)}; ` +
          `median ${Math.round(median(rounds.map((r) => r.eventsPerCpuSecond)))} events per CPU-second; ` +
          `check-in p99 median ${median(rounds.map((r) => r.checkinP99)).toFixed(1)} ms; ` +
          `batch hold p99 median ${median(rounds.map((r) => r.holdP99)).toFixed(1)} ms; load ${loadavg()
            .map((l) => l.toFixed(1))
            .join('/')}`,
      );
    });
