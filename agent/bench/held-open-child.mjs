// The agent's side of the held-open bench (held-open.bench.ts): the compiled pipeline and the
// held-open sensor over fanotify permission events, in their own process as the service runs them
// (opens by the agent's own process are never held, so the opener must be another process).
// Arguments: directory to hold, state directory, bundle JSON. Prints `ready`, then runs until killed.
import { join } from 'node:path';

const [dir, state, bundleJson] = process.argv.slice(2);
const dist = new URL('../dist/', import.meta.url);
const { DecisionPipeline } = await import(new URL('pipeline.js', dist).href);
const { prepareRuntime } = await import(new URL('policy/runtime.js', dist).href);
const { EventQueue } = await import(new URL('queue/event-queue.js', dist).href);
const { HeldOpenSensor } = await import(new URL('sensors/held-opens.js', dist).href);
const { warmUpHeldOpens } = await import(new URL('sensors/held-open-warm-up.js', dist).href);
const { createPlatform } = await import(new URL('platform/linux/index.js', dist).href);

const platform = await createPlatform({});
if (!platform.heldOpens?.available) {
  process.stdout.write(`unavailable ${platform.heldOpens?.reason}\n`);
  process.exit(0);
}
const queue = new EventQueue(join(state, 'queue.db'), 1_000_000, 'refuse_new');
const runtime = prepareRuntime(JSON.parse(bundleJson));
const deps = {
  platform,
  queue,
  runtime: () => runtime,
  device: { id: 'bench', agent_group: () => null },
  offline: () => false,
  log: () => {},
};
const pipeline = new DecisionPipeline(deps);
const options = {
  heldOpens: platform.heldOpens,
  sink: pipeline,
  maxReadBytes: 32 << 20,
  promptTimeoutMs: 120_000,
  bundleVersion: () => runtime.bundle_version,
  skip: () => false,
  log: (level, msg, fields) => process.stderr.write(`${level} ${msg} ${JSON.stringify(fields ?? {})}\n`),
};
const sensor = new HeldOpenSensor(options);
// As the service does before it first holds opens (unless the bench asks for a cold agent).
const warm = process.env.HELD_NO_WARM_UP ? null : await warmUpHeldOpens(options, deps, dir);
process.stdout.write(
  warm ? `warm-up ${warm.rounds} opens, ${warm.events} events, ${warm.ms} ms\n` : 'no warm-up\n',
);
await sensor.sync([dir]);
process.on('SIGTERM', () => {
  sensor.close();
  process.stdout.write(`events ${queue.depth()}\n`);
  queue.close();
  process.exit(0);
});
process.stdout.write('ready\n');
setInterval(() => {}, 60_000);
