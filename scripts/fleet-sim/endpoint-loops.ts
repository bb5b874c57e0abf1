import { OFFLINE_PAUSE_MS } from '../../agent/src/uploader.js';
import type { ShardInit } from './shard.js';
import { Slots } from './slots.js';
import { recordError, type Tally } from './tally.js';
import type { VirtualAgent } from './virtual-agent.js';

/** What the main thread may change while the loops run: the policy uploads name, and the end. */
export interface RunState {
  policyId: string;
  /** Epoch ms after which no request is sent. */
  end: number;
}

/**
 * The endpoints' loops for the measured run, on one thread (worker.ts): each endpoint checks in
 * every `checkinMs` with jitter (fetching the policy when told) and uploads a batch every
 * `batchSize * eventMs`, the first of each at a random point of its interval. Uploads take one
 * of `connections` slots before making their body (slots.ts). `stop` clears the timers and
 * waits for the requests in flight.
 */
export function startLoops(
  agents: VirtualAgent[],
  o: ShardInit['run'],
  connections: number,
  state: RunState,
  tally: Tally,
): { stop(): Promise<void> } {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  const every = (firstMs: number, nextMs: () => number, work: () => Promise<void>) => {
    // Like an agent, an endpoint has one request of each kind in flight at most: one falling
    // due while the previous is unanswered is not sent (counted as late), so a slow server
    // meets the fleet's real concurrency, not a queue growing in the simulator.
    let pending: Promise<void> | null = null;
    const fire = () => {
      timers.delete(t);
      if (Date.now() >= state.end) return;
      if (pending) tally.late += 1;
      else {
        const p = work().finally(() => {
          inFlight.delete(p);
          pending = null;
        });
        pending = p;
        inFlight.add(p);
      }
      t = setTimeout(fire, nextMs());
      timers.add(t);
    };
    let t: NodeJS.Timeout;
    if (firstMs < o.seconds * 1000) {
      t = setTimeout(fire, firstMs);
      timers.add(t);
    }
  };
  const batchMs = o.batchSize * o.eventMs;
  const busy = {
    delayMs: o.busyRetryMs,
    offlineMs: OFFLINE_PAUSE_MS,
    until: () => state.end,
    slots: new Slots(connections),
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
          .upload(tally, state.policyId, o.batchSize, o.eventMs, Date.now(), busy)
          .catch((err) => recordError(tally, 'events', err)),
    );
  }
  return {
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
