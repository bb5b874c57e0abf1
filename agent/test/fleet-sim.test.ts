import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { runSimulation, type SimReport } from '../../scripts/fleet-sim/fleet.js';
import { DEFAULTS, parseOptions, type SimOptions } from '../../scripts/fleet-sim/options.js';
import { defaultWorkers, rangeOf, type ShardInit, shareOf } from '../../scripts/fleet-sim/shard.js';
import { Slots } from '../../scripts/fleet-sim/slots.js';
import { mergeTallies, newTally } from '../../scripts/fleet-sim/tally.js';
import { eventIdOf, VirtualAgent } from '../../scripts/fleet-sim/virtual-agent.js';
import { Shard } from '../../scripts/fleet-sim/workers.js';
import { softwareKeyInMemory } from '../src/identity/software-key.js';
import { AgentApi } from '../src/transport/agent-api.js';
import { AgentTransport } from '../src/transport/client.js';

/**
 * The fleet simulator (issue 23, docs/deploy.md "Sizing with the fleet simulator") against real
 * `dlp-server` processes: a small fleet on shrunk intervals (check-in every second, a 20-event
 * batch per endpoint per second, a publish every 1.5 s) must run without an error and count
 * right: every event sent is acknowledged Accepted and stored once, check-ins and batches follow
 * the schedule, and a policy published during the run is fetched.
 */
function small(over: Partial<SimOptions>): SimOptions {
  return {
    ...DEFAULTS,
    agents: 20,
    seconds: 5,
    checkinMs: 1_000,
    eventMs: 50,
    batchSize: 20,
    publishMs: 1_500,
    serverEnv: {},
    ...over,
  };
}

function expectCountsRight(r: SimReport, agents: number): void {
  // The run's real length: it goes on past the planned 5 s until every endpoint has checked in
  // after the last publish (docs/deploy.md), however long that publish took.
  const seconds = r.seconds;
  expect(r.errors, r.errorSamples.join('\n')).toBe(0);
  expect(r.acks).toEqual({ Accepted: r.eventsSent });
  expect(r.storedEvents).toBe(r.eventsSent);
  // Timers, not wall-clock windows: on a loaded machine a late timer sends later, never twice.
  // Each endpoint's first batch and first check-in fall in the run's first second.
  expect(r.eventsSent % 20).toBe(0);
  expect(r.eventsSent / 20).toBeGreaterThanOrEqual(agents);
  expect(r.eventsSent / 20).toBeLessThanOrEqual(agents * Math.ceil(seconds + 1));
  expect(r.checkins.count).toBeGreaterThanOrEqual(agents);
  expect(r.checkins.count).toBeLessThanOrEqual(agents * Math.ceil(seconds * 1.12));
  expect(r.checkins.p99Ms).toBeGreaterThanOrEqual(r.checkins.p50Ms);
  expect(r.publishes).toBeGreaterThanOrEqual(1);
  expect(r.policyFetches).toBeGreaterThanOrEqual(1);
  for (const s of r.servers) expect(s.peakRssMb).toBeGreaterThan(20);
  // Check-ins have a pool of their own: how many were in flight at most says whether any waited
  // in the simulator for a connection (docs/deploy.md, Connections).
  expect(r.peakCheckinsInFlight).toBeGreaterThanOrEqual(1);
  expect(r.peakCheckinsInFlight).toBeLessThanOrEqual(agents);
  // Each instance's event-loop delay over the run, and the simulator's own.
  expect(r.serverCheckins.eventLoop).toHaveLength(r.servers.length);
  for (const e of r.serverCheckins.eventLoop) {
    expect(e.p50Ms).toBeGreaterThan(0);
    expect(e.maxMs).toBeGreaterThanOrEqual(e.p99Ms);
  }
  expect(r.simulator.eventLoopMaxMs).toBeGreaterThanOrEqual(r.simulator.eventLoopP99Ms);
  expect(r.simulator.peakRssMb).toBeGreaterThan(20);
  // Slow check-ins are counted by when they were sent, beside when each publish completed.
  expect(r.publishedAtSeconds).toHaveLength(r.publishes);
  const slow = Object.values(r.slowCheckins).reduce((a, b) => a + b, 0);
  expect(slow).toBeLessThanOrEqual(r.checkins.count);
}

describe('fleet simulator', { timeout: 240_000 }, () => {
  it('one instance on SQLite: runs, counts every event once, reports latency and server figures', async () => {
    const r = await runSimulation(small({}));
    expectCountsRight(r, 20);
    expect(r.servers).toHaveLength(1);
    expect(r.serverCheckins.count).toBe(r.checkins.count);
    expect(r.enrolPerSecond).toBeGreaterThan(0);
    expect(r.enrolServerCpuMs).toBeGreaterThan(0);
  });

  // The endpoints run on worker threads, a shard each (docs/deploy.md, Workers): every endpoint
  // of both shards enrols and checks in, and the main thread merges the two tallies into one.
  it('two worker threads on SQLite: each enrols its half, and their check-ins and events add up in one report', async () => {
    const r = await runSimulation(small({ workers: 2 }));
    expectCountsRight(r, 20);
    expect(r.options.workers).toBe(2);
    const workers = r.simulator.workers;
    expect(workers.map((w) => w.agents)).toEqual([10, 10]);
    // Each endpoint's first check-in falls in the run's first second, so each shard counts at
    // least one per endpoint; the merged count is theirs added, and what the server answered.
    for (const w of workers) expect(w.checkins).toBeGreaterThanOrEqual(10);
    expect(workers[0]!.checkins + workers[1]!.checkins).toBe(r.checkins.count);
    expect(r.serverCheckins.count).toBe(r.checkins.count);
    for (const w of workers) {
      expect(w.peakCheckinsInFlight).toBeGreaterThanOrEqual(1);
      expect(w.eventLoopMaxMs).toBeGreaterThanOrEqual(w.eventLoopP99Ms);
      expect(w.peakHeapMb).toBeGreaterThan(0);
    }
    expect(r.peakCheckinsInFlight).toBe(workers[0]!.peakCheckinsInFlight + workers[1]!.peakCheckinsInFlight);
    // The report's simulator loop is the worst worker's.
    expect(r.simulator.eventLoopP99Ms).toBe(Math.max(...workers.map((w) => w.eventLoopP99Ms)));
    expect(r.simulator.eventLoopMaxMs).toBe(Math.max(...workers.map((w) => w.eventLoopMaxMs)));
  });

  // A worker that reports a failure, or ends before answering, fails the run instead of hanging it.
  it('rejects a wait on a worker that failed or exited before answering', async () => {
    const init = { shard: 3 } as ShardInit;
    const failing = new Shard(
      init,
      new Worker(
        "require('node:worker_threads').parentPort.postMessage({ type: 'failed', message: 'enrolment refused' })",
        { eval: true },
      ),
    );
    await expect(failing.reply('ready')).rejects.toThrow(/worker 3: enrolment refused/);
    await failing.exited;
    const exiting = new Shard(init, new Worker('process.exit(3)', { eval: true }));
    await expect(exiting.reply('enrolment-done')).rejects.toThrow(/worker 3 exited \(3\) before answering/);
    // A reply that came before anyone waited for it is kept for the wait.
    const early = new Shard(
      init,
      new Worker("require('node:worker_threads').parentPort.postMessage({ type: 'ready' })", { eval: true }),
    );
    await early.exited;
    await expect(early.reply('ready')).resolves.toEqual({ type: 'ready' });
  });

  // Fleet-wide bounds are split over the workers; none gets 0 of a bound (0 means none).
  it('splits the endpoints and the connection bounds over the workers', () => {
    expect([0, 1, 2].map((i) => rangeOf(10, 3, i))).toEqual([
      { first: 0, count: 4 },
      { first: 4, count: 3 },
      { first: 7, count: 3 },
    ]);
    expect([0, 1, 2, 3].map((i) => shareOf(64, 4, i))).toEqual([16, 16, 16, 16]);
    expect([0, 1, 2].map((i) => shareOf(64, 3, i))).toEqual([22, 21, 21]);
    expect([0, 1].map((i) => shareOf(0, 2, i))).toEqual([0, 0]);
    expect([0, 1, 2].map((i) => shareOf(2, 3, i))).toEqual([1, 1, 1]);
    expect([20, 2_500, 2_501, 10_000, 50_000].map(defaultWorkers)).toEqual([1, 1, 2, 4, 4]);
    const a = {
      ...newTally(),
      checkinMs: [1, 2],
      acks: { Accepted: 3 },
      late: 1,
      errorSamples: ['a', 'b', 'c'],
    };
    const b = {
      ...newTally(),
      checkinMs: [3],
      acks: { Accepted: 2, Duplicate: 1 },
      late: 2,
      errorSamples: ['d', 'e', 'f'],
    };
    expect(mergeTallies([a, b])).toMatchObject({
      checkinMs: [1, 2, 3],
      acks: { Accepted: 5, Duplicate: 1 },
      late: 3,
      errorSamples: ['a', 'b', 'c', 'd', 'e'],
    });
  });

  // Issue 23's deployment: two instances on one PostgreSQL database behind HAProxy. Nothing here
  // waits on a fixed short deadline: the run is 5 s of traffic by its timers, the simulator then
  // waits for every request in flight to be answered (each bounded by the transport's 60 s
  // timeout), and the test's own limit only catches a hang.
  it('two instances on PostgreSQL behind HAProxy: counts every event once, both instances serve check-ins', {
    timeout: 600_000,
  }, async () => {
    const r = await runSimulation(small({ agents: 6, db: 'postgres', instances: 2 }));
    expectCountsRight(r, 6);
    expect(r.servers).toHaveLength(2);
    // The servers' own histograms saw every check-in the fleet timed, and each instance its share.
    expect(r.serverCheckins.count).toBe(r.checkins.count);
    expect(r.serverCheckins.byInstance).toHaveLength(2);
    for (const n of r.serverCheckins.byInstance) expect(n).toBeGreaterThan(0);
  });

  // A batch refused as busy is made again for each send, not held: its events must be the same.
  it('derives the event ids of a batch from the batch id: the same on every send, distinct, UUID-shaped', () => {
    const batch = randomUUID();
    const ids = Array.from({ length: 500 }, (_, i) => eventIdOf(batch, i));
    expect(Array.from({ length: 500 }, (_, i) => eventIdOf(batch, i))).toEqual(ids);
    expect(new Set(ids).size).toBe(500);
    expect(eventIdOf(randomUUID(), 0)).not.toBe(ids[0]);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  // A reset connection is what the agent's uploader calls unreachable: it keeps the batch and
  // sends it again after its offline pause (agent/src/uploader.ts), so the simulator does too.
  it('sends a batch again, the same, when its connection was lost before the answer, and counts it apart from errors', async () => {
    const sends: string[][] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        const batch = JSON.parse(body) as { batch_id: string; events: { event_id: string }[] };
        sends.push(batch.events.map((e) => e.event_id));
        if (sends.length === 1 || sends.length === 3) {
          req.socket.resetAndDestroy();
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            batch_id: batch.batch_id,
            acks: batch.events.map((e) => ({ event_id: e.event_id, status: 'Accepted', reason: null })),
            throttle_ms: null,
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const transport = new AgentTransport({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        caPem: null,
        timeoutMs: 10_000,
      });
      const key = softwareKeyInMemory(generateKeyPairSync('ed25519').privateKey);
      const api = new AgentApi(transport, { key, deviceId: randomUUID() });
      const agent = new VirtualAgent(0, api, api, api);
      const tally = newTally();
      const busy = { delayMs: 1, offlineMs: 1, until: () => Date.now() + 60_000, slots: new Slots(1) };
      await agent.upload(tally, randomUUID(), 5, 1_000, Date.now(), busy);
      expect(sends).toHaveLength(2);
      expect(sends[1]).toEqual(sends[0]);
      expect(tally).toMatchObject({ lostConnections: 1, errors: 0, uploads: 1, eventsSent: 5, busy: 0 });
      expect(tally.acks).toEqual({ Accepted: 5 });
      expect(tally.lostSamples[0]).toMatch(/unreachable/);
      // Lost again when the run is over: kept by the endpoint (deferred), not sent again.
      const late = newTally();
      await agent.upload(late, randomUUID(), 5, 1_000, Date.now(), { ...busy, until: () => Date.now() });
      expect(sends).toHaveLength(3);
      expect(late).toMatchObject({ lostConnections: 1, deferredEvents: 5, uploads: 0, errors: 0 });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  // Uploads wait for a connection of their pool before making their body (docs/deploy.md).
  it('hands out at most the limit of slots, the next waiter in order on release; 0 means no bound', async () => {
    const slots = new Slots(2);
    const got: string[] = [];
    await slots.acquire();
    await slots.acquire();
    const third = slots.acquire().then(() => got.push('third'));
    const fourth = slots.acquire().then(() => got.push('fourth'));
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual([]);
    slots.release();
    await third;
    expect(got).toEqual(['third']);
    slots.release();
    await fourth;
    expect(got).toEqual(['third', 'fourth']);
    const free = new Slots(0);
    for (let i = 0; i < 100; i += 1) await free.acquire();
  });

  it('reads the command line the operator types, and refuses two instances on SQLite', () => {
    expect(parseOptions(['--agents', '10000', '--minutes', '5'])).toMatchObject({
      agents: 10_000,
      seconds: 300,
      db: 'sqlite',
      instances: 1,
      checkinMs: 60_000,
      eventMs: 1_000,
      batchSize: 500,
    });
    expect(
      parseOptions(['--agents', '5', '--minutes', '1', '--db', 'postgres', '--instances', '2']),
    ).toMatchObject({ db: 'postgres', instances: 2 });
    expect(parseOptions(['--connections', '0']).connections).toBe(0);
    expect(parseOptions(['--workers', '3']).workers).toBe(3);
    expect(DEFAULTS.workers).toBe(0);
    expect(() => parseOptions(['--workers', '0'])).toThrow(/positive/);
    expect(parseOptions(['--concurrent-uploads', '4']).serverEnv).toEqual({
      DLP_INGEST_CONCURRENT_UPLOADS: '4',
    });
    expect(parseOptions(['--late-loop-ms', '100']).serverEnv).toEqual({ DLP_INGEST_LATE_LOOP_MS: '100' });
    expect(parseOptions(['--control-connections', '8', '--busy-retry-seconds', '2'])).toMatchObject({
      controlConnections: 8,
      busyRetryMs: 2_000,
    });
    expect(DEFAULTS.connections).toBeGreaterThan(0);
    expect(() => parseOptions(['--agents', '5', '--instances', '2'])).toThrow(/--db postgres/);
    expect(() => parseOptions(['--agent', '5'])).toThrow(/unknown option --agent/);
  });
});
