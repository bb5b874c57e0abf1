import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { AgentTransport } from '../../agent/src/transport/client.js';
import { type RunState, startLoops } from './endpoint-loops.js';
import type { FromShard, ShardInit, ToShard } from './shard.js';
import { newTally, type Tally } from './tally.js';
import { VirtualAgent } from './virtual-agent.js';

/**
 * One worker thread of the fleet simulator (workers.ts starts it): its shard of the endpoints,
 * enrolled through pools of its own, and their loops on its own event loop, so one thread's
 * batch building delays only its own endpoints' check-ins, as a real endpoint's process would
 * delay only its own. It answers the main thread's messages (shard.ts) in order.
 */
const init = workerData as ShardInit;
if (!parentPort) throw new Error('worker.ts runs as a worker thread (workers.ts)');
const port = parentPort;
const send = (m: FromShard) => port.postMessage(m);

const pool = (connections: number) =>
  new AgentTransport({
    baseUrl: init.url,
    caPem: init.caPem,
    timeoutMs: 60_000,
    ...(connections > 0 ? { connections } : {}),
  });
// Check-ins go through one lane per instance, each a pool whose first connection is opened here,
// one lane after the other, before any other request of this shard goes through the balancer
// (the main thread starts the shards one after the other): round robin puts those first
// connections on different instances, so every instance answers check-ins however few endpoints
// run. An endpoint's check-ins take lane (index modulo lanes).
const lanes = Array.from({ length: init.instances }, () =>
  pool(init.controlConnections > 0 ? Math.ceil(init.controlConnections / init.instances) : 0),
);
const pools = { fetches: pool(init.controlConnections), uploads: pool(init.connections) };

let agents: VirtualAgent[] = [];
const tally: Tally = newTally();
const state: RunState = { policyId: '', end: 0 };
const loop = monitorEventLoopDelay({ resolution: 10 });
let peakHeap = 0;
let heapTimer: NodeJS.Timeout | undefined;
let loops: { stop(): Promise<void> } | null = null;

async function enrol(tokens: string[]): Promise<void> {
  const setupTally = newTally();
  const out: VirtualAgent[] = new Array(init.count);
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: Math.min(init.enrolConcurrency, init.count) }, async () => {
      while (next < init.count) {
        const k = next;
        next += 1;
        const i = init.first + k;
        const checkins = lanes[i % lanes.length] as AgentTransport;
        const agent = await VirtualAgent.enrol({ ...pools, checkins }, i, tokens[Math.floor(i / 1000)]!);
        await agent.fetchPolicy(setupTally);
        out[k] = agent;
        done += 1;
        send({ type: 'enrolled', total: done });
      }
    }),
  );
  agents = out;
}

function run(policyId: string, end: number): void {
  state.policyId = policyId;
  state.end = end;
  const memory = () => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  };
  memory();
  heapTimer = setInterval(memory, 1000);
  loop.enable();
  loops = startLoops(agents, init.run, init.connections, state, tally);
}

async function stop(): Promise<void> {
  await loops?.stop();
  loop.disable();
  clearInterval(heapTimer);
  // Each thread's performance.now() counts from its own origin: the main thread gets wall time.
  tally.slowCheckinsSentAt = tally.slowCheckinsSentAt.map((t) => performance.timeOrigin + t);
  send({
    type: 'figures',
    figures: {
      shard: init.shard,
      agents: agents.length,
      tally,
      eventLoopP99Ms: Math.round(loop.percentile(99) / 1e5) / 10,
      eventLoopMaxMs: Math.round(loop.max / 1e5) / 10,
      peakHeapMb: Math.round(peakHeap / 1024 / 1024),
    },
  });
  await Promise.all([...lanes, ...Object.values(pools)].map((p) => p.close()));
  port.close();
}

// Messages are handled one after the other, in the order sent.
let queue: Promise<void> = Promise.resolve();
port.on('message', (m: ToShard) => {
  queue = queue
    .then(async () => {
      if (m.type === 'enrol') {
        await enrol(m.tokens);
        send({ type: 'enrolment-done' });
      } else if (m.type === 'run') run(m.policyId, m.end);
      else if (m.type === 'policy') {
        state.policyId = m.policyId;
        state.end = m.end;
      } else await stop();
    })
    .catch((err: unknown) => send({ type: 'failed', message: (err as Error).stack ?? String(err) }));
});

for (const lane of lanes) await lane.send('POST', '/api/v1/agent/probe', {}, null);
send({ type: 'ready' });
