/**
 * Discovery throughput (issue 7: at least 30 MB/s): a generated tree of 10,000 files (text of mixed
 * sizes, one in fifty carrying valid card numbers), walked by one full discovery pass through the real
 * pipeline — size-bounded read, BLAKE3, the engine's scanner and evaluator, SQLite queue — then a
 * second, incremental pass, in a separate process over the compiled modules (discovery-child.mjs):
 * once with Node's defaults and once with the systemd unit's runtime options. Prints files/s and
 * MB/s; asserts only counts, never a timing.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { cardBundle, VALID_CARDS } from '../test/helpers/card-bundle.js';

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
    const mb = bytes / 1e6;
    // The unit's 1 MiB young generation makes V8 collect more often than Node's defaults do.
    const unit = readFileSync(new URL('../../installer/custos-agent.service', import.meta.url), 'utf8');
    const unitOptions = /^Environment=NODE_OPTIONS=(.*)$/m.exec(unit)?.[1] ?? '';
    for (const [shape, nodeOptions] of [
      ["Node's defaults", ''],
      [`the unit's options (NODE_OPTIONS=${unitOptions})`, unitOptions],
    ] as const) {
      const state = mkdtempSync(join(tmpdir(), 'dlp-bench-state-'));
      try {
        const child = await run(
          process.execPath,
          [
            fileURLToPath(new URL('./discovery-child.mjs', import.meta.url)),
            root,
            state,
            JSON.stringify(cardBundle({ monitored: [root] })),
          ],
          { env: { ...process.env, NODE_OPTIONS: nodeOptions }, maxBuffer: 1 << 20 },
        );
        type Pass = { secs: number; stats: { files_inspected: number; events: number } };
        const r = JSON.parse(child.stdout) as { full: Pass; again: Pass; maxRssKb: number };
        console.log(
          `discovery full pass with ${shape}: ${FILES} files, ${mb.toFixed(1)} MB in ${r.full.secs.toFixed(2)} s = ` +
            `${(FILES / r.full.secs).toFixed(0)} files/s, ${(mb / r.full.secs).toFixed(1)} MB/s; ` +
            `events ${r.full.stats.events}; peak RSS ${(r.maxRssKb / 1024).toFixed(0)} MB`,
        );
        console.log(
          `discovery incremental pass (nothing changed) with ${shape}: ${FILES} files in ${r.again.secs.toFixed(2)} s = ` +
            `${(FILES / r.again.secs).toFixed(0)} files/s`,
        );
        expect(r.full.stats.files_inspected).toBe(FILES);
        expect(r.full.stats.events).toBe(FILES / 50);
        expect(r.again.stats.files_inspected).toBe(0);
      } finally {
        rmSync(state, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
