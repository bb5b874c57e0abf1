import { pbkdf2 } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EventQueue } from '../src/queue/event-queue.js';
import { WalFlusher } from '../src/queue/wal-flush.js';
import { tempDir } from './helpers/tmp.js';

const slowHash = promisify(pbkdf2);

/**
 * Issue 18: the queue's fsync runs off the agent's thread (queue/wal-flush.ts), so a held open is
 * never answered late because the previous event was being synced; `durable()` still tells a
 * caller when the events are on disk.
 */
describe('event queue fsync off the agent thread', () => {
  it("enqueue returns before the fsync, which waits for a thread of libuv's pool, not the agent's", async () => {
    const q = new EventQueue(join(tempDir(), 'queue.db'), 1000, 'refuse_new');
    // Every thread of the pool busy: an fsync asked for now cannot finish until one is free.
    const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    const busy = Array.from({ length: threads }, () => slowHash('x', 'y', 200_000, 32, 'sha512'));
    expect(q.enqueue('a', { channel: 'file_open' })).toEqual({ queued: true });
    let onDisk = false;
    const durable = q.durable().then(() => {
      onDisk = true;
    });
    // The agent's thread goes on (the next held open would be decided here) while the fsync waits.
    await new Promise((r) => setImmediate(r));
    expect(onDisk).toBe(false);
    await Promise.all(busy);
    await durable;
    expect(onDisk).toBe(true);
    expect(q.depth()).toBe(1);
    q.close();
  });

  it('a burst of events shares fsyncs: one running and at most one waiting', async () => {
    const q = new EventQueue(join(tempDir(), 'queue.db'), 1000, 'refuse_new');
    const promises = new Set<Promise<void>>();
    for (let i = 0; i < 100; i++) {
      q.enqueue(`e${i}`, { channel: 'discovery' });
      promises.add(q.durable());
    }
    expect(promises.size).toBeLessThanOrEqual(2);
    await Promise.all(promises);
    // A later event gets an fsync of its own, not one that began before it was committed.
    const before = q.durable();
    q.enqueue('late', { channel: 'discovery' });
    expect(q.durable()).not.toBe(before);
    await q.durable();
    q.close();
  });

  it('a refused event asks for no fsync', async () => {
    const q = new EventQueue(join(tempDir(), 'queue.db'), 1000, 'refuse_new');
    q.enqueue('a', {});
    const first = q.durable();
    expect(q.enqueue('a', {})).toEqual({ queued: false, reason: 'duplicate' });
    expect(q.durable()).toBe(first);
    await first;
    q.close();
  });

  it('a WAL file that does not exist yet needs no fsync; after close nothing is synced', async () => {
    const dir = tempDir();
    const f = new WalFlusher(join(dir, 'none.db-wal'));
    await expect(f.flush()).resolves.toBeUndefined();
    f.close();
    await expect(f.flush()).resolves.toBeUndefined();
  });

  it('closing while an fsync runs lets it finish and the queue reopens with its events', async () => {
    const dir = tempDir();
    const q = new EventQueue(join(dir, 'queue.db'), 1000, 'refuse_new');
    q.enqueue('a', { channel: 'discovery' });
    const durable = q.durable();
    q.close();
    await durable;
    const again = new EventQueue(join(dir, 'queue.db'), 1000, 'refuse_new');
    expect(again.depth()).toBe(1);
    again.close();
  });
});
