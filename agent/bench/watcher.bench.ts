/**
 * Memory of live file watching over a tree of 10,000 files in 401 directories: Node's recursive
 * fs.watch (a watcher and a Stats per file) against the agent's Linux watcher (one inotify watch per
 * directory). Each runs in a fresh process; prints heap, RSS and how long the start blocked the event
 * loop; asserts only that the agent's watcher covers every directory.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);
const FILES = 10_000;

test('watching 10,000 files: Node recursive fs.watch against one watch per directory', async () => {
  const root = mkdtempSync(join(tmpdir(), 'dlp-bench-watch-'));
  try {
    for (let i = 0; i < FILES; i++) {
      const dir = join(root, `d${i % 50}`, `e${i % 7}`);
      if (i < 350) mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `f${i}.txt`), 'x');
    }
    const child = fileURLToPath(new URL('./watcher-child.mjs', import.meta.url));
    const figures: Record<
      string,
      { heapBytes: number; rssBytes: number; blockedMs: number; watches: number | null }
    > = {};
    for (const mode of ['node', 'agent']) {
      const { stdout } = await run(process.execPath, [
        '--expose-gc',
        '--max-semi-space-size=1',
        child,
        mode,
        root,
      ]);
      figures[mode] = JSON.parse(stdout);
      const f = figures[mode]!;
      console.log(
        `${mode === 'node' ? "Node's recursive fs.watch" : "the agent's watcher"} over ${FILES} files in 401 directories: ` +
          `heap +${(f.heapBytes / 1048576).toFixed(1)} MB, RSS +${(f.rssBytes / 1048576).toFixed(1)} MB, ` +
          `start blocked the event loop ${f.blockedMs.toFixed(0)} ms${f.watches !== null ? `, ${f.watches} watches` : ''}`,
      );
    }
    expect(figures.agent!.watches).toBe(401);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
