import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createProcessDetail, HASH_CHUNK_BYTES, sha256File } from '../src/platform/linux/process-detail.js';
import { tempDir } from './helpers/tmp.js';

/**
 * Issue 18 (held-open latency): the executable of a process that opens many files at once is read
 * and hashed once, not once per open while the first read is still running. Each read of a 100 MB
 * binary ran on the agent's thread, and hundreds of them queued every held open behind them
 * (the bench's p99 was 115 ms; docs/agent.md, "Process detail"). Real /proc, the real binary.
 */
describe.runIf(process.platform === 'linux')('process detail: one hash per executable state', () => {
  it('many opens by one process while its executable is being hashed read the binary once', async () => {
    const files: string[] = [];
    const detail = createProcessDetail('/proc', (file) => {
      files.push(file);
      return sha256File(file);
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => detail({ pid: process.pid, exe: null })),
    );
    expect(files).toHaveLength(1);
    const expected = createHash('sha256').update(readFileSync(process.execPath)).digest('hex');
    for (const a of answers) {
      expect(a?.executable_path).toBe(realpathSync(process.execPath));
      expect(a?.executable_hash).toBe(expected);
    }
    // Asked again after the hash is known: still no second read.
    await detail({ pid: process.pid, exe: null });
    expect(files).toHaveLength(1);
  });

  it('a process that ended before its binary was read through /proc gets the file at its path hashed', async () => {
    // The read through /proc/<pid>/exe fails as it does once the process has exited (cat exits as
    // soon as its open is allowed); the binary at its path is the same file (device, inode).
    const files: string[] = [];
    const detail = createProcessDetail('/proc', (file) => {
      files.push(file);
      return file.startsWith('/proc/') ? Promise.resolve(null) : sha256File(file);
    });
    const a = await detail({ pid: process.pid, exe: null });
    const expected = createHash('sha256').update(readFileSync(process.execPath)).digest('hex');
    expect(a?.executable_hash).toBe(expected);
    expect(files).toEqual([`/proc/${process.pid}/exe`, realpathSync(process.execPath)]);
  });

  it('a read that failed is not remembered: the next open tries again', async () => {
    let fail = true;
    const detail = createProcessDetail('/proc', (file) => (fail ? Promise.resolve(null) : sha256File(file)));
    expect((await detail({ pid: process.pid, exe: null }))?.executable_hash).toBeNull();
    fail = false;
    expect((await detail({ pid: process.pid, exe: null }))?.executable_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads an executable HASH_CHUNK_BYTES (1 MiB) at a time: a 100 MB binary in ~100 turns of the agent, not 1,500', async () => {
    expect(HASH_CHUNK_BYTES).toBeGreaterThanOrEqual(1 << 20);
    const file = join(tempDir(), 'exe');
    const bytes = Buffer.alloc(2 * HASH_CHUNK_BYTES + 12_345, 7);
    writeFileSync(file, bytes);
    // The file handles' own read, counted as it runs (no stand-in).
    const handle = await open(file, 'r');
    const read = vi.spyOn(Object.getPrototypeOf(handle) as { read: () => unknown }, 'read');
    await handle.close();
    try {
      expect(await sha256File(file)).toBe(createHash('sha256').update(bytes).digest('hex'));
      // Three reads with bytes and the one that finds the end.
      expect(read).toHaveBeenCalledTimes(4);
    } finally {
      read.mockRestore();
    }
    expect(await sha256File(join(tempDir(), 'absent'))).toBeNull();
  });

  it('a process that is gone gets no detail and no read', async () => {
    const files: string[] = [];
    const detail = createProcessDetail('/proc', (file) => {
      files.push(file);
      return sha256File(file);
    });
    expect(await detail({ pid: 2 ** 22 + 7, exe: null })).toBeNull();
    expect(files).toHaveLength(0);
  });
});
