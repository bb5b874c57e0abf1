// One discovery pass in a separate Node process started with the systemd unit's runtime options
// (discovery.bench.ts starts it): the compiled agent modules, so the figure is the service's own.
// Arguments: tree root, state directory, bundle JSON. Prints one JSON line.
import { join } from 'node:path';

const [root, state, bundleJson] = process.argv.slice(2);
const dist = new URL('../dist/', import.meta.url);
const { DecisionPipeline } = await import(new URL('pipeline.js', dist).href);
const { prepareRuntime } = await import(new URL('policy/runtime.js', dist).href);
const { EventQueue } = await import(new URL('queue/event-queue.js', dist).href);
const { runDiscovery } = await import(new URL('sensors/discovery.js', dist).href);
const { FileStateStore } = await import(new URL('sensors/file-state-store.js', dist).href);
const { createPlatform } = await import(new URL('platform/linux/index.js', dist).href);

const queue = new EventQueue(join(state, 'queue.db'), 1_000_000, 'refuse_new');
const store = new FileStateStore(join(state, 'files.db'));
const runtime = prepareRuntime(JSON.parse(bundleJson));
const pipeline = new DecisionPipeline({
  platform: await createPlatform({}),
  queue,
  runtime: () => runtime,
  device: { id: 'bench', agent_group: null },
  offline: () => false,
  log: () => {},
});
const t0 = performance.now();
const full = await runDiscovery([{ path: root, channel: 'discovery' }], {
  store,
  sink: pipeline,
  maxReadBytes: 32 << 20,
  bundleVersion: 1,
});
const secs = (performance.now() - t0) / 1000;
queue.close();
store.close();
process.stdout.write(`${JSON.stringify({ secs, full, maxRssKb: process.resourceUsage().maxRSS })}\n`);
