import type { SimOptions } from './options.js';
import type { Tally } from './tally.js';

/**
 * What the main thread and the simulator's worker threads say to each other (docs/deploy.md,
 * "Sizing with the fleet simulator", Workers). Each worker owns a shard of the fleet: a range of
 * endpoint indices, its share of the fleet-wide connection bounds, and its own pools, timers and
 * tally. The main thread keeps the deployment, the publishes and the report.
 */
export interface ShardInit {
  shard: number;
  /** Endpoints `first` to `first + count - 1` of the fleet. */
  first: number;
  count: number;
  url: string;
  caPem: string;
  instances: number;
  /** This shard's share of `--connections` and `--control-connections` (0: no bound). */
  connections: number;
  controlConnections: number;
  enrolConcurrency: number;
  run: Pick<SimOptions, 'checkinMs' | 'jitter' | 'eventMs' | 'batchSize' | 'busyRetryMs'> & {
    /** The run's planned length: no endpoint's first request is set later than this. */
    seconds: number;
  };
}

export type ToShard =
  /** Enrol the shard's endpoints (endpoint i with token i / 1000) and fetch their first policy. */
  | { type: 'enrol'; tokens: string[] }
  /** Start the endpoints' loops; they stop sending at `end` (epoch ms). */
  | { type: 'run'; policyId: string; end: number }
  /** A publish completed: uploads name the new policy, and the run's end moved. */
  | { type: 'policy'; policyId: string; end: number }
  /** The run is over: clear the timers, wait for the requests in flight, send the figures. */
  | { type: 'stop' };

export type FromShard =
  /** The check-in lanes' first connections are open (one lane after the other). */
  | { type: 'ready' }
  | { type: 'enrolled'; total: number }
  | { type: 'enrolment-done' }
  | { type: 'figures'; figures: ShardFigures }
  | { type: 'failed'; message: string };

/** One worker's figures for the run: its tally and its own event loop, heap and agents. */
export interface ShardFigures {
  shard: number;
  agents: number;
  /** The tally, with `slowCheckinsSentAt` as epoch milliseconds (each thread has its own clock origin). */
  tally: Tally;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  peakHeapMb: number;
}

/**
 * Shard `i`'s part of a fleet-wide total split over `k` shards, the first shards taking the
 * remainder; a bound of 0 (none) stays 0, and a shard never gets 0 of a bound (that would mean none).
 */
export function shareOf(total: number, k: number, i: number): number {
  if (total === 0) return 0;
  return Math.max(1, Math.floor(total / k) + (i < total % k ? 1 : 0));
}

/** The endpoints of shard `i` of `k`: contiguous ranges, sizes differing by one at most. */
export function rangeOf(agents: number, k: number, i: number): { first: number; count: number } {
  const base = Math.floor(agents / k);
  const extra = agents % k;
  return { first: i * base + Math.min(i, extra), count: base + (i < extra ? 1 : 0) };
}

/** The default `--workers`: a thread per 2,500 endpoints, at most 4. */
export function defaultWorkers(agents: number): number {
  return Math.min(4, Math.max(1, Math.ceil(agents / 2500)));
}
