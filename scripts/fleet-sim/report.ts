import { OFFLINE_PAUSE_MS } from '../../agent/src/uploader.js';
import type { SimOptions } from './options.js';
import type { ServerLatency } from './server-metrics.js';
import type { ProcessFigures } from './tally.js';

/** One worker thread's endpoints and figures over the run (worker.ts). */
export interface WorkerFigures {
  agents: number;
  /** Check-ins this worker's endpoints made and timed. */
  checkins: number;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  peakCheckinsInFlight: number;
  peakHeapMb: number;
}

/** What a fleet-simulator run measured (fleet.ts); the last line `npm run fleet-sim` prints, as JSON. */
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
   * The most check-ins in flight at once, added over the workers (each worker's most: an upper
   * bound of the fleet's at once). Below a worker's share of the check-in connections, none of its
   * check-ins waited in the simulator for a connection: its time is the network's and the server's.
   */
  peakCheckinsInFlight: number;
  /** Check-ins answered after more than a second, by the run's 10-second window they were sent in. */
  slowCheckins: Record<string, number>;
  /** When each publish of the run completed, seconds from the run's start. */
  publishedAtSeconds: number[];
  /**
   * The simulator's own event-loop delay during the run (ms, including the 10 ms sampling step):
   * a check-in's answer read late because its worker thread was busy building other endpoints'
   * batches is counted in its latency, so this says how much of a tail is the simulator's.
   * `eventLoopP99Ms` and `eventLoopMaxMs` are the worst worker's (the endpoints' loops run on
   * the workers; the main thread only publishes), `workers` each one's.
   */
  simulator: {
    eventLoopP99Ms: number;
    eventLoopMaxMs: number;
    workers: WorkerFigures[];
    /** The main thread's loop (publishes and the process watcher; no endpoint's requests). */
    mainLoopP99Ms: number;
    mainLoopMaxMs: number;
    /** The whole simulator process (every thread). */
    peakRssMb: number;
    /** The main thread's peak heap plus each worker's. */
    peakHeapMb: number;
    /** The simulator's own CPU over the run (every thread), as a share of one core. */
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
    `check-ins in flight at most: ${r.peakCheckinsInFlight} (check-in pool: ${o.controlConnections || 'unbounded'} connections over ${o.workers} worker(s))`,
    `check-ins answered after more than 1 s, by when they were sent: ${
      Object.entries(r.slowCheckins)
        .map(([w, n]) => `${w} ${n}`)
        .join(', ') || 'none'
    }; publishes completed at ${r.publishedAtSeconds.map((s) => `${s} s`).join(', ') || '-'}`,
    `check-ins as the servers timed them: ${r.serverCheckins.count}, ${r.serverCheckins.within100MsPercent} % within 100 ms, p99 under ${r.serverCheckins.p99BucketMs} ms`,
    `event-loop delay (ms, p50 / p99 / max, incl. the 10 ms sampling step): ${r.serverCheckins.eventLoop.map((e, i) => `server ${i + 1} ${e.p50Ms} / ${e.p99Ms} / ${e.maxMs}`).join(', ')}; simulator worst worker p99 ${r.simulator.eventLoopP99Ms} / max ${r.simulator.eventLoopMaxMs} (CPU ${r.simulator.cpuPercent} %, peak RSS ${r.simulator.peakRssMb} MB, heap ${r.simulator.peakHeapMb} MB)`,
    `simulator workers (endpoints: loop p99 / max ms, check-ins in flight at most, peak heap): ${r.simulator.workers
      .map(
        (w) =>
          `${w.agents}: ${w.eventLoopP99Ms} / ${w.eventLoopMaxMs}, ${w.peakCheckinsInFlight}, ${w.peakHeapMb} MB`,
      )
      .join('; ')}; main thread loop p99 ${r.simulator.mainLoopP99Ms} / max ${r.simulator.mainLoopMaxMs}`,
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
