/**
 * Discovery throughput (issue 7: at least 30 MB/s): a generated tree of 10,000 files (text of mixed
 * sizes, one in fifty carrying valid card numbers), walked by one full discovery pass through the real
 * pipeline — size-bounded read, BLAKE3, the engine's scanner and evaluator, SQLite queue — then a
 * second, incremental pass. Prints files/s and MB/s; asserts only counts, never a timing.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { DecisionPipeline } from '../src/pipeline.js';
import { prepareRuntime } from '../src/policy/runtime.js';
import { EventQueue } from '../src/queue/event-queue.js';
import { runDiscovery } from '../src/sensors/discovery.js';
import { FileStateStore } from '../src/sensors/file-state-store.js';
import { cardBundle, VALID_CARDS } from '../test/helpers/card-bundle.js';
import { linuxPlatform } from '../test/helpers/platform.js';

const run = promisify(execFile);
const FILES = 10_000;
const WORDS = 'invoice account meeting quarterly report customer address delivery schedule budget'.split(' ');

function textOfSize(bytes: number, seed: number): string {
  const parts: string[] = [];
  let n = 0;
  let i = seed;
  while (n < bytes) {
    const w = `${WORDS[i++ % WORDS.length]} ${(i * 7919) % 100000} `;
    parts.push(w);
    n += w.length;
    if (i % 12 === 0) parts.push('\n');
  }
  return parts.join('').slice(0, bytes);
}

test('discovery throughput over 10,000 files', async () => {
  const root = mkdtempSync(join(tmpdir(), 'dlp-bench-tree-'));
  const state = mkdtempSync(join(tmpdir(), 'dlp-bench-state-'));
  try {
    let bytes = 0;
    const sizes = [512, 2_048, 8_192, 32_768, 131_072];
    for (let i = 0; i < FILES; i++) {
      const dir = join(root, `d${i % 50}`, `e${i % 7}`);
      if (i < 350) mkdirSync(dir, { recursive: true });
      let text = textOfSize(sizes[i % sizes.length]!, i);
      if (i % 50 === 0) text = `${text}\ncard ${VALID_CARDS[i % VALID_CARDS.length]}\n`;
      writeFileSync(join(dir, `f${i}.txt`), text);
      bytes += Buffer.byteLength(text);
    }
    const queue = new EventQueue(join(state, 'queue.db'), 1_000_000, 'refuse_new');
    const store = new FileStateStore(join(state, 'files.db'));
    const runtime = prepareRuntime(cardBundle({ monitored: [root] }));
    const pipeline = new DecisionPipeline({
      platform: await linuxPlatform({}),
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
    const t1 = performance.now();
    const again = await runDiscovery([{ path: root, channel: 'discovery' }], {
      store,
      sink: pipeline,
      maxReadBytes: 32 << 20,
      bundleVersion: 1,
    });
    const secs2 = (performance.now() - t1) / 1000;
    const mb = bytes / 1e6;
    console.log(
      `discovery full pass: ${FILES} files, ${mb.toFixed(1)} MB in ${secs.toFixed(2)} s = ` +
        `${(FILES / secs).toFixed(0)} files/s, ${(mb / secs).toFixed(1)} MB/s; events ${full.events}`,
    );
    console.log(
      `discovery incremental pass (nothing changed): ${FILES} files in ${secs2.toFixed(2)} s = ${(FILES / secs2).toFixed(0)} files/s`,
    );
    expect(full.files_inspected).toBe(FILES);
    expect(full.events).toBe(FILES / 50);
    expect(again.files_inspected).toBe(0);
    queue.close();
    store.close();

    // The same pass in the service's own process shape: compiled modules, the unit's runtime options
    // (its 1 MiB young generation makes V8 collect more often than this test runner does).
    const unit = readFileSync(new URL('../../installer/custos-agent.service', import.meta.url), 'utf8');
    const nodeOptions = /^Environment=NODE_OPTIONS=(.*)$/m.exec(unit)?.[1] ?? '';
    const childState = mkdtempSync(join(tmpdir(), 'dlp-bench-state-'));
    try {
      const child = await run(
        process.execPath,
        [
          fileURLToPath(new URL('./discovery-child.mjs', import.meta.url)),
          root,
          childState,
          JSON.stringify(cardBundle({ monitored: [root] })),
        ],
        { env: { ...process.env, NODE_OPTIONS: nodeOptions }, maxBuffer: 1 << 20 },
      );
      const r = JSON.parse(child.stdout) as { secs: number; full: typeof full; maxRssKb: number };
      console.log(
        `discovery full pass in a separate process with the unit's options (NODE_OPTIONS=${nodeOptions}): ` +
          `${(FILES / r.secs).toFixed(0)} files/s, ${(mb / r.secs).toFixed(1)} MB/s; peak RSS ${(r.maxRssKb / 1024).toFixed(0)} MB`,
      );
      expect(r.full.files_inspected).toBe(FILES);
      expect(r.full.events).toBe(FILES / 50);
    } finally {
      rmSync(childState, { recursive: true, force: true });
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  }
});
