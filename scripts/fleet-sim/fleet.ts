import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { ApiClient } from '../../agent/test/helpers/api-client.js';
import { paymentCardDraft, release } from '../../agent/test/helpers/card-policy-api.js';
import { enrolmentTokens, startDeployment } from './deployment.js';
import type { SimOptions } from './options.js';
import type { SimReport } from './report.js';
import { serverCheckinLatency, startServerFigures } from './server-metrics.js';
import { defaultWorkers, rangeOf, type ShardInit, shareOf } from './shard.js';
import { mergeTallies, newTally, percentile, recordError, watchProcesses } from './tally.js';
import { type Shard, startShards } from './workers.js';

export { formatReport, type SimReport } from './report.js';

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

/** The shards of the fleet: contiguous ranges of endpoints, each with its share of the bounds. */
function shardsOf(o: SimOptions, workers: number, url: string, caPem: string): ShardInit[] {
  return Array.from({ length: workers }, (_, i) => ({
    shard: i,
    ...rangeOf(o.agents, workers, i),
    url,
    caPem,
    instances: o.instances,
    connections: shareOf(o.connections, workers, i),
    controlConnections: shareOf(o.controlConnections, workers, i),
    enrolConcurrency: shareOf(o.enrolConcurrency, workers, i),
    run: {
      checkinMs: o.checkinMs,
      jitter: o.jitter,
      eventMs: o.eventMs,
      batchSize: o.batchSize,
      busyRetryMs: o.busyRetryMs,
      seconds: o.seconds,
    },
  }));
}

/** Enrols every shard's endpoints at once, logging each thousand enrolled across the fleet. */
async function enrolFleet(shards: Shard[], tokens: string[], log: (line: string) => void): Promise<void> {
  const counts = shards.map(() => 0);
  let total = 0;
  shards.forEach((shard, i) => {
    shard.onEnrolled = (n) => {
      total += n - counts[i]!;
      counts[i] = n;
      if (total % 1000 === 0) log(`enrolled ${total}`);
    };
    shard.post({ type: 'enrol', tokens });
  });
  await Promise.all(shards.map((s) => s.reply('enrolment-done')));
}

/**
 * Runs one simulated fleet against freshly started servers and answers what it measured. Setup
 * (servers, enrolment, first policy fetch) is timed apart; the figures cover the run only. The
 * endpoints run on worker threads (worker.ts), a shard each; this thread keeps the deployment,
 * the publishes, the process watcher and the report.
 */
export async function runSimulation(
  o: SimOptions,
  log: (line: string) => void = () => {},
): Promise<SimReport> {
  const workers = Math.min(o.agents, o.workers > 0 ? o.workers : defaultWorkers(o.agents));
  const work = mkdtempSync(join(tmpdir(), 'dlp-fleet-'));
  const setupStart = Date.now();
  const d = await startDeployment(work, o);
  let shards: Shard[] = [];
  try {
    // Each worker opens its check-in lanes' first connections before any other request goes
    // through the balancer (worker.ts), the workers one after the other.
    shards = await startShards(shardsOf(o, workers, d.url, d.caPem));
    const owner = await d.first.signIn();
    await owner.ok(owner.post('/agent-groups', { name: GROUP }));
    const approver = await d.first.secondPerson(owner, 'fleet-approver@example.com');
    let policyId = await publish(owner, approver, 0);
    const tokens = await enrolmentTokens(owner, d.first.password, GROUP, o.agents);
    log(
      `servers up (${o.db}, ${o.instances} instance(s)); enrolling ${o.agents} agents on ${workers} worker(s)`,
    );
    const enrolStart = Date.now();
    const enrolWatch = watchProcesses(d.pids);
    await enrolFleet(shards, tokens, log);
    const setupSeconds = (Date.now() - setupStart) / 1000;
    const enrolSeconds = (Date.now() - enrolStart) / 1000;
    const enrolPerSecond = Math.round((o.agents / enrolSeconds) * 10) / 10;
    const enrolCpu = enrolWatch.stop().servers.reduce((sum, s) => sum + s.cpuSeconds, 0);
    const enrolServerCpuMs = round1((enrolCpu * 1000) / o.agents);
    log(
      `fleet enrolled in ${enrolSeconds.toFixed(1)} s (${enrolPerSecond}/s, server CPU ${enrolServerCpuMs} ms each); running ${o.seconds} s`,
    );

    // This thread's own tally: the publishes (the endpoints' are the workers').
    const own = newTally();
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
    // process.cpuUsage() is the process's: every thread's CPU.
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
    for (const s of shards) s.post({ type: 'run', policyId, end });
    // One publish in flight at most: one falling due while the previous is unanswered is late.
    let publishing: Promise<void> | null = null;
    const publishes =
      o.publishMs > 0 && o.publishMs < o.seconds * 1000
        ? setInterval(() => {
            if (Date.now() >= planned) return;
            if (publishing) {
              own.late += 1;
              return;
            }
            publishing = (async () => {
              try {
                policyId = await publish(owner, approver, own.publishes + 1);
                own.publishes += 1;
                own.publishedAt.push(performance.now());
                end = Math.max(end, Date.now() + lastCheckinGapMs);
                for (const s of shards) s.post({ type: 'policy', policyId, end });
              } catch (err) {
                recordError(own, 'publish', err);
              }
            })().finally(() => {
              publishing = null;
            });
          }, o.publishMs)
        : undefined;
    while (Date.now() < end || publishing)
      await (publishing ?? new Promise((r) => setTimeout(r, Math.min(1000, end - Date.now()))));
    clearInterval(publishes);
    const perShard = await Promise.all(shards.map((s) => s.figures()));
    const seconds = (Date.now() - start) / 1000;
    const figures = watcher.stop();
    ownLoop.disable();
    clearInterval(ownRss);
    const ownCpuUs = process.cpuUsage(ownCpu);
    const tally = mergeTallies([own, ...perShard.map((f) => f.tally)]);
    const storedEvents = await d.storedEvents();
    const serverCheckins = await serverCheckinLatency(d.opsUrls);
    const { serverEnv: _, ...options } = o;
    const requests = tally.checkinMs.length + tally.policyFetches + tally.uploads + tally.busy;
    const serverCpuSeconds = figures.servers.reduce((sum, s) => sum + s.cpuSeconds, 0);
    return {
      options: { ...options, workers },
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
      slowCheckins: tenSecondWindows(tally.slowCheckinsSentAt, start),
      publishedAtSeconds: tally.publishedAt.map((t) => Math.round((t - startPerf) / 1000)),
      simulator: {
        eventLoopP99Ms: Math.max(...perShard.map((f) => f.eventLoopP99Ms)),
        eventLoopMaxMs: Math.max(...perShard.map((f) => f.eventLoopMaxMs)),
        workers: perShard.map((f) => ({
          agents: f.agents,
          checkins: f.tally.checkinMs.length,
          eventLoopP99Ms: f.eventLoopP99Ms,
          eventLoopMaxMs: f.eventLoopMaxMs,
          peakCheckinsInFlight: f.tally.peakCheckinsInFlight,
          peakHeapMb: f.peakHeapMb,
        })),
        mainLoopP99Ms: round1(ownLoop.percentile(99) / 1e6),
        mainLoopMaxMs: round1(ownLoop.max / 1e6),
        peakRssMb: Math.round(ownPeakRss / 1024 / 1024),
        peakHeapMb:
          Math.round(ownPeakHeap / 1024 / 1024) + perShard.reduce((sum, f) => sum + f.peakHeapMb, 0),
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
    await Promise.all(shards.map((s) => s.terminate()));
    await d.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Counts of `times` (epoch ms) by 10-second window from `start` ("120-130 s": n). */
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
