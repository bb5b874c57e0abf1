// Memory of one way of watching a tree, in a fresh process (watcher.bench.ts starts it with
// --expose-gc). Arguments: `node` (Node's recursive fs.watch) or `agent` (the agent's Linux
// watcher), the tree root. Prints one JSON line.
import { watch } from 'node:fs';
import { readdir } from 'node:fs/promises';

const [mode, root] = process.argv.slice(2);
const heap = () => {
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};
// Load the agent's watcher before the baseline so only the watching itself is measured.
const { createFsWatching } = await import(new URL('../dist/platform/linux/watcher.js', import.meta.url).href);
// Start libuv's thread pool (the agent's watcher lists directories through it) before the baseline too.
await readdir(root);
const heap0 = heap();
const rss0 = process.memoryUsage.rss();
const t = performance.now();
const handle =
  mode === 'node'
    ? watch(root, { recursive: true, persistent: false }, () => {})
    : createFsWatching().watch(
        root,
        () => {},
        () => {},
      );
const blockedMs = performance.now() - t;
// Let the agent's watcher finish listing directories in the background.
await new Promise((r) => setTimeout(r, 3_000));
const out = {
  heapBytes: heap() - heap0,
  rssBytes: process.memoryUsage.rss() - rss0,
  blockedMs,
  watches: mode === 'agent' ? handle.watchedDirectories().length : null,
};
handle.close();
process.stdout.write(`${JSON.stringify(out)}\n`);
