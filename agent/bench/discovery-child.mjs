// Discovery in a separate Node process over the compiled agent modules, as the service runs it
// (discovery.bench.ts starts it, with and without the systemd unit's runtime options): one full
// pass, then an incremental one over the unchanged tree.
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
  device: { id: 'bench', agent_group: () => null },
  offline: () => false,
  log: () => {},
});
/** One pass over the tree and its seconds. */
async function pass() {
  const t0 = performance.now();
  const stats = await runDiscovery([{ path: root, channel: 'discovery' }], {
    store,
    sink: pipeline,
    maxReadBytes: 32 << 20,
    bundleVersion: 1,
  });
  return { secs: (performance.now() - t0) / 1000, stats };
}
const full = await pass();
const again = await pass();
queue.close();
store.close();
process.stdout.write(`${JSON.stringify({ full, again, maxRssKb: process.resourceUsage().maxRSS })}\n`);
