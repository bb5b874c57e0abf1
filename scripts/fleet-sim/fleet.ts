import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { AgentTransport } from '../../agent/src/transport/client.js';
import { OFFLINE_PAUSE_MS } from '../../agent/src/uploader.js';
import type { ApiClient } from '../../agent/test/helpers/api-client.js';
import { paymentCardDraft, release } from '../../agent/test/helpers/card-policy-api.js';
import { enrolmentTokens, startDeployment } from './deployment.js';
import type { SimOptions } from './options.js';
import { type ServerLatency, serverCheckinLatency, startServerFigures } from './server-metrics.js';
import { Slots } from './slots.js';
import {
  newTally,
  type ProcessFigures,
  percentile,
  recordError,
  type Tally,
  watchProcesses,
} from './tally.js';
import { VirtualAgent } from './virtual-agent.js';

export interface SimReport {
  options: Omit<SimOptions, 'serverEnv'>;
  setupSeconds: number;
  /** Endpoints enrolled (and their first policy fetched) per second of setup. */
  enrolPerSecond: number;
  /** Server CPU time per endpoint enrolled (enrolment and first policy fetch), all instances. */
  enrolServerCpuMs: number;
  seconds: number;
  eventsSent: number;
  acks: Record<string, number>;
  acceptedPerSecond: number;
  /** Rows in agent_events at the end, read from the database. */
  storedEvents: number;
  checkins: { count: number; p50Ms: number; p99Ms: number; maxMs: number };
  /**
   * The most check-ins in flight at once. Below the check-in pool's connections, no check-in
   * waited in the simulator for a connection: its time is the network's and the server's.
   */
  peakCheckinsInFlight: number;
  /** Check-ins answered after more than a second, by the run's 10-second window they were sent in. */
  slowCheckins: Record<string, number>;
  /** When each publish of the run completed, seconds from the run's start. */
  publishedAtSeconds: number[];
  /**
   * The simulator's own event-loop delay during the run (ms, including the 10 ms sampling step):
   * a check-in's answer read late because the simulator was busy building other endpoints'
   * batches is counted in its latency, so this says how much of a tail is the simulator's.
   */
  simulator: {
    eventLoopP99Ms: number;
    eventLoopMaxMs: number;
    peakRssMb: number;
    peakHeapMb: number;
    /** The simulator's own CPU over the run, as a share of one core. */
    cpuPercent: number;
  };
  /** The same check-ins as the servers timed them (their `/metrics` histograms). */
  serverCheckins: ServerLatency;
  policyFetches: number;
  publishes: number;
  /** Check-ins and uploads not sent because the endpoint's previous one was still unanswered. */
  late: number;
  /** Uploads answered 503 (ingest busy) and sent again; events still waiting at the end. */
  busy: number;
  deferredEvents: number;
  /** Uploads whose connection was lost before their answer, sent again as the agent does. */
  lostConnections: number;
  lostSamples: string[];
  errors: number;
  errorSamples: string[];
  /**
   * Requests the servers answered during the run (check-ins, policy fetches, uploads stored and
   * uploads refused as busy) and their CPU time per request, all instances together: the figure
   * to compare between builds, as it moves less with the machine's load than latencies do.
   */
  requests: number;
  serverCpuMsPerRequest: number;
  servers: ProcessFigures[];
  /** The machine's 1, 5 and 15-minute load averages at the end of the run. */
  load: number[];
}

const GROUP = 'fleet-sim';

type Approver = { api: ApiClient; password: string };

/** A new policy for the fleet's group, published (approved by the second person when governed). */
async function publish(owner: ApiClient, approver: Approver, n: number): Promise<string> {
  const draft = paymentCardDraft({
    agentGroup: GROUP,
    sources: ['/home/share'],
    changeReason: `fleet simulator publish ${n}`,
  });
  const created = await owner.ok(owner.post<{ policy_id: string }>('/policies', draft));
  const { published, approved } = await release(owner, approver, created.policy_id, 1);
  const status = approved?.status ?? published.status;
  if (status !== 'published') throw new Error(`publish answered ${status}`);
  return created.policy_id;
}

async function inBatches<T>(count: number, width: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        out[i] = await make(i);
      }
    }),
  );
  return out;
}

/**
 * Runs one simulated fleet against freshly started servers and answers what it measured. Setup
 * (servers, enrolment, first policy fetch) is timed apart; the figures cover the run only.
 */
export async function runSimulation(
  o: SimOptions,
  log: (line: string) => void = () => {},
): Promise<SimReport> {
  const work = mkdtempSync(join(tmpdir(), 'dlp-fleet-'));
  const setupStart = Date.now();
  const d = await startDeployment(work, o);
  // A pool per kind of request: a check-in never waits in the simulator behind other endpoints'
  // uploads or policy fetches (docs/deploy.md, Connections).
  const pool = (connections: number) =>
    new AgentTransport({
      baseUrl: d.url,
      caPem: d.caPem,
      timeoutMs: 60_000,
      ...(connections > 0 ? { connections } : {}),
    });
  // Check-ins go through one lane per instance, each a pool of its own whose first connection is
  // opened here, one lane after the other, before any other request goes through the balancer:
  // round robin puts those first connections on different instances, and an endpoint's check-ins
  // (lane = its index modulo the lanes) reuse its lane's first connection while it is free. So
  // every instance answers check-ins however few endpoints there are; one pool would send a few
  // endpoints' check-ins, one after another, down its one connection to one instance.
  const lanes = Array.from({ length: o.instances }, () =>
    pool(o.controlConnections > 0 ? Math.ceil(o.controlConnections / o.instances) : 0),
  );
  // An unsigned probe (refused 401) opens the connection and changes nothing.
  for (const lane of lanes) await lane.send('POST', '/api/v1/agent/probe', {}, null);
  const pools = {
    fetches: pool(o.controlConnections),
    uploads: pool(o.connections),
  };
  try {
    const owner = await d.first.signIn();
    await owner.ok(owner.post('/agent-groups', { name: GROUP }));
    const approver = await d.first.secondPerson(owner, 'fleet-approver@example.com');
    let policyId = await publish(owner, approver, 0);
    const tokens = await enrolmentTokens(owner, d.first.password, GROUP, o.agents);
    log(`servers up (${o.db}, ${o.instances} instance(s)); enrolling ${o.agents} agents`);
    const setupTally = newTally();
    const enrolStart = Date.now();
    const enrolWatch = watchProcesses(d.pids);
    const agents = await inBatches(o.agents, o.enrolConcurrency, async (i) => {
      const checkins = lanes[i % lanes.length] as AgentTransport;
      const agent = await VirtualAgent.enrol({ ...pools, checkins }, i, tokens[Math.floor(i / 1000)]!);
      await agent.fetchPolicy(setupTally);
      if ((i + 1) % 1000 === 0) log(`enrolled ${i + 1}`);
      return agent;
    });
    const setupSeconds = (Date.now() - setupStart) / 1000;
    const enrolSeconds = (Date.now() - enrolStart) / 1000;
    const enrolPerSecond = Math.round((o.agents / enrolSeconds) * 10) / 10;
    const enrolCpu = enrolWatch.stop().servers.reduce((sum, s) => sum + s.cpuSeconds, 0);
    const enrolServerCpuMs = round1((enrolCpu * 1000) / o.agents);
    log(
      `fleet enrolled in ${enrolSeconds.toFixed(1)} s (${enrolPerSecond}/s, server CPU ${enrolServerCpuMs} ms each); running ${o.seconds} s`,
    );

    const tally: Tally = newTally();
    await startServerFigures(d.opsUrls);
    const ownLoop = monitorEventLoopDelay({ resolution: 10 });
    ownLoop.enable();
    let ownPeakRss = 0;
    let ownPeakHeap = 0;
    const ownMemory = () => {
      const m = process.memoryUsage();
      ownPeakRss = Math.max(ownPeakRss, m.rss);
      ownPeakHeap = Math.max(ownPeakHeap, m.heapUsed);
    };
    ownMemory();
    const ownRss = setInterval(ownMemory, 1000);
    const ownCpu = process.cpuUsage();
    const watcher = watchProcesses(d.pids);
    const start = Date.now();
    const startPerf = performance.now();
    const planned = start + o.seconds * 1000;
    // A publish that lands late in the run keeps the fleet going until every endpoint has had a
    // check-in after it (at most one check-in interval more), so a run always shows its fetches
    // however long the publish took on a loaded machine: the end follows the work, not a clock.
    let end = planned;
    const lastCheckinGapMs = o.checkinMs * (1 + o.jitter) + 100;
    const timers = new Set<NodeJS.Timeout>();
    const inFlight = new Set<Promise<void>>();
    const every = (
      firstMs: number,
      nextMs: () => number,
      work: () => Promise<void>,
      until: () => number = () => end,
    ) => {
      // Like an agent, an endpoint has one request of each kind in flight at most: one falling
      // due while the previous is unanswered is not sent (counted as late), so a slow server
      // meets the fleet's real concurrency, not a queue growing in the simulator.
      let pending: Promise<void> | null = null;
      const fire = () => {
        if (Date.now() >= until()) return;
        if (pending) tally.late += 1;
        else {
          const p = work().finally(() => {
            inFlight.delete(p);
            pending = null;
          });
          pending = p;
          inFlight.add(p);
        }
        const t = setTimeout(fire, nextMs());
        timers.add(t);
      };
      if (firstMs < o.seconds * 1000) timers.add(setTimeout(fire, firstMs));
    };
    const batchMs = o.batchSize * o.eventMs;
    const busy = {
      delayMs: o.busyRetryMs,
      offlineMs: OFFLINE_PAUSE_MS,
      until: () => end,
      slots: new Slots(o.connections),
    };
    for (const agent of agents) {
      const jittered = () => o.checkinMs * (1 + o.jitter * (2 * Math.random() - 1));
      every(Math.random() * o.checkinMs, jittered, () =>
        agent.checkin(tally).catch((err) => recordError(tally, 'check-in', err)),
      );
      // Each endpoint's queue is somewhere between empty and full when the run starts.
      every(
        Math.random() * batchMs,
        () => batchMs,
        () =>
          agent
            .upload(tally, policyId, o.batchSize, o.eventMs, Date.now(), busy)
            .catch((err) => recordError(tally, 'events', err)),
      );
    }
    if (o.publishMs > 0)
      every(
        o.publishMs,
        () => o.publishMs,
        async () => {
          try {
            policyId = await publish(owner, approver, tally.publishes + 1);
            tally.publishes += 1;
            tally.publishedAt.push(performance.now());
            end = Math.max(end, Date.now() + lastCheckinGapMs);
          } catch (err) {
            recordError(tally, 'publish', err);
          }
        },
        () => planned,
      );
    while (Date.now() < end) await new Promise((r) => setTimeout(r, Math.min(1000, end - Date.now())));
    for (const t of timers) clearTimeout(t);
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    const seconds = (Date.now() - start) / 1000;
    const figures = watcher.stop();
    ownLoop.disable();
    clearInterval(ownRss);
    const ownCpuUs = process.cpuUsage(ownCpu);
    const storedEvents = await d.storedEvents();
    const serverCheckins = await serverCheckinLatency(d.opsUrls);
    const { serverEnv: _, ...options } = o;
    const requests = tally.checkinMs.length + tally.policyFetches + tally.uploads + tally.busy;
    const serverCpuSeconds = figures.servers.reduce((sum, s) => sum + s.cpuSeconds, 0);
    return {
      options,
      setupSeconds,
      enrolPerSecond,
      enrolServerCpuMs,
      seconds,
      eventsSent: tally.eventsSent,
      acks: tally.acks,
      acceptedPerSecond: Math.round((tally.acks.Accepted ?? 0) / seconds),
      storedEvents,
      checkins: {
        count: tally.checkinMs.length,
        p50Ms: round1(percentile(tally.checkinMs, 50)),
        p99Ms: round1(percentile(tally.checkinMs, 99)),
        maxMs: round1(percentile(tally.checkinMs, 100)),
      },
      peakCheckinsInFlight: tally.peakCheckinsInFlight,
      slowCheckins: tenSecondWindows(tally.slowCheckinsSentAt, startPerf),
      publishedAtSeconds: tally.publishedAt.map((t) => Math.round((t - startPerf) / 1000)),
      simulator: {
        eventLoopP99Ms: round1(ownLoop.percentile(99) / 1e6),
        eventLoopMaxMs: round1(ownLoop.max / 1e6),
        peakRssMb: Math.round(ownPeakRss / 1024 / 1024),
        peakHeapMb: Math.round(ownPeakHeap / 1024 / 1024),
        cpuPercent: Math.round((ownCpuUs.user + ownCpuUs.system) / 1e4 / seconds),
      },
      serverCheckins,
      policyFetches: tally.policyFetches,
      publishes: tally.publishes,
      late: tally.late,
      busy: tally.busy,
      deferredEvents: tally.deferredEvents,
      lostConnections: tally.lostConnections,
      lostSamples: tally.lostSamples,
      errors: tally.errors,
      errorSamples: tally.errorSamples,
      requests,
      serverCpuMsPerRequest: requests === 0 ? 0 : Math.round((serverCpuSeconds * 1e5) / requests) / 100,
      ...figures,
    };
  } finally {
    await Promise.all([...lanes, ...Object.values(pools)].map((p) => p.close()));
    await d.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Counts of `times` by 10-second window from `start` ("120-130 s": n). */
function tenSecondWindows(times: number[], start: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of times) {
    const w = Math.floor((t - start) / 10_000) * 10;
    out[`${w}-${w + 10} s`] = (out[`${w}-${w + 10} s`] ?? 0) + 1;
  }
  return out;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** The report as an operator reads it. */
export function formatReport(r: SimReport): string {
  const o = r.options;
  const acks = Object.entries(r.acks)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return [
    `fleet: ${o.agents} agents, ${o.db}, ${o.instances} instance(s), ${r.seconds.toFixed(0)} s run (setup ${r.setupSeconds.toFixed(0)} s, ${r.enrolPerSecond} enrolments/s, server CPU ${r.enrolServerCpuMs} ms each)`,
    `events: ${r.eventsSent} sent, acks ${acks || 'none'}; ${r.acceptedPerSecond} accepted events/s; ${r.storedEvents} stored`,
    `check-ins: ${r.checkins.count}, p50 ${r.checkins.p50Ms} ms, p99 ${r.checkins.p99Ms} ms, max ${r.checkins.maxMs} ms`,
    `check-ins in flight at most: ${r.peakCheckinsInFlight} (check-in pool: ${o.controlConnections || 'unbounded'} connections)`,
    `check-ins answered after more than 1 s, by when they were sent: ${
      Object.entries(r.slowCheckins)
        .map(([w, n]) => `${w} ${n}`)
        .join(', ') || 'none'
    }; publishes completed at ${r.publishedAtSeconds.map((s) => `${s} s`).join(', ') || '-'}`,
    `check-ins as the servers timed them: ${r.serverCheckins.count}, ${r.serverCheckins.within100MsPercent} % within 100 ms, p99 under ${r.serverCheckins.p99BucketMs} ms`,
    `event-loop delay (ms, p50 / p99 / max, incl. the 10 ms sampling step): ${r.serverCheckins.eventLoop.map((e, i) => `server ${i + 1} ${e.p50Ms} / ${e.p99Ms} / ${e.maxMs}`).join(', ')}; simulator p99 ${r.simulator.eventLoopP99Ms} / max ${r.simulator.eventLoopMaxMs} (CPU ${r.simulator.cpuPercent} %, peak RSS ${r.simulator.peakRssMb} MB, heap ${r.simulator.peakHeapMb} MB)`,
    `uploads answered 503 (ingest busy, sent again after ${o.busyRetryMs / 1000} s): ${r.busy}; events still kept by their endpoints at the end: ${r.deferredEvents}`,
    `uploads whose connection was lost before the answer (sent again after the agent's ${OFFLINE_PAUSE_MS / 1000} s offline pause): ${r.lostConnections}${r.lostSamples.length ? ` (${r.lostSamples.join('; ')})` : ''}`,
    `late (not sent: the endpoint's previous request of that kind still unanswered): ${r.late}`,
    `policy: ${r.publishes} publishes, ${r.policyFetches} fetches`,
    `server CPU per request: ${r.serverCpuMsPerRequest} ms (${r.requests} requests: check-ins, policy fetches, uploads stored or refused)`,
    ...r.servers.map(
      (s) => `server pid ${s.pid}: CPU ${s.cpuPercent} % of one core, peak RSS ${s.peakRssMb} MB`,
    ),
    `machine load (1/5/15 min): ${r.load.join(' / ')}`,
    `errors: ${r.errors}${r.errorSamples.length ? ` (${r.errorSamples.join('; ')})` : ''}`,
  ].join('\n');
}
