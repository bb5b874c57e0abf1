import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventQueue, MAX_WRITE_EVENTS, retryDelayMs, WRITE_DELAY_MS } from '../src/queue/event-queue.js';
import { tempDir } from './helpers/tmp.js';

function queue(capacity = 1000, overflow: 'refuse_new' | 'drop_oldest' = 'refuse_new', clock = () => 1_000) {
  return new EventQueue(join(tempDir(), 'queue.db'), capacity, overflow, clock);
}

describe('event queue', () => {
  it('keeps an enqueued event across closing and reopening the database', () => {
    const dir = tempDir();
    const q1 = new EventQueue(join(dir, 'q.db'), 10, 'refuse_new');
    expect(q1.enqueue('e1', { channel: 'discovery' })).toEqual({ queued: true });
    q1.close();
    const q2 = new EventQueue(join(dir, 'q.db'), 10, 'refuse_new');
    expect(q2.depth()).toBe(1);
    q2.close();
  });

  it('drops Accepted, Duplicate and Rejected events, keeps Retry with back-off and counts Rejected', () => {
    let now = 1_000;
    const q = queue(100, 'refuse_new', () => now);
    for (const id of ['a', 'b', 'c', 'd']) q.enqueue(id, { channel: 'discovery' });
    const batch = q.nextBatch(500)!;
    expect(batch.events.map((e) => e.event_id)).toEqual(['a', 'b', 'c', 'd']);
    const counts = q.applyAcks(batch.batch_id, [
      { event_id: 'a', status: 'Accepted', reason: null },
      { event_id: 'b', status: 'Duplicate', reason: null },
      { event_id: 'c', status: 'Rejected', reason: 'occurred_at_older_than_retention' },
      { event_id: 'd', status: 'Retry', reason: 'busy' },
    ]);
    expect(counts).toEqual({ accepted: 1, duplicate: 1, rejected: 1, retry: 1 });
    expect(q.depth()).toBe(1);
    expect(q.stats().rejected).toBe(1);
    // Retry waits for its back-off before it is sent again.
    expect(q.nextBatch(500)).toBeNull();
    now += retryDelayMs(1);
    expect(q.nextBatch(500)!.events.map((e) => e.event_id)).toEqual(['d']);
  });

  it('treats an event the answer does not mention as Retry, never as delivered', () => {
    const q = queue();
    q.enqueue('a', {});
    q.enqueue('b', {});
    const b = q.nextBatch(10)!;
    q.applyAcks(b.batch_id, [{ event_id: 'a', status: 'Accepted', reason: null }]);
    expect(q.depth()).toBe(1);
  });

  it('re-sends an unanswered batch with the same id and the same events', () => {
    const q = queue();
    q.enqueue('a', {});
    const first = q.nextBatch(10)!;
    q.enqueue('b', {});
    const again = q.nextBatch(10)!;
    expect(again.batch_id).toBe(first.batch_id);
    expect(again.events.map((e) => e.event_id)).toEqual(['a']);
  });

  it('limits a batch to the size asked for', () => {
    const q = queue();
    for (let i = 0; i < 7; i++) q.enqueue(`e${i}`, {});
    expect(q.nextBatch(5)!.events).toHaveLength(5);
  });

  it('refuse_new: refuses past capacity, counts and records the overflow', () => {
    const q = queue(100, 'refuse_new');
    for (let i = 0; i < 100; i++) expect(q.enqueue(`e${i}`, {}).queued).toBe(true);
    expect(q.enqueue('over', { channel: 'discovery' })).toEqual({ queued: false, reason: 'queue_full' });
    expect(q.depth()).toBe(100);
    expect(q.stats().overflow_refused).toBe(1);
  });

  it('drop_oldest: drops the oldest event not in flight and counts it', () => {
    const q = queue(100, 'drop_oldest');
    for (let i = 0; i < 100; i++) q.enqueue(`e${i}`, {});
    const inFlight = q.nextBatch(1)!; // e0 is in an unanswered batch and must survive
    expect(q.enqueue('new', {}).queued).toBe(true);
    expect(q.depth()).toBe(100);
    expect(q.stats().overflow_dropped).toBe(1);
    const again = q.nextBatch(1)!;
    expect(again.batch_id).toBe(inFlight.batch_id);
    expect(again.events[0]!.event_id).toBe('e0');
  });

  it('capacity counts the events queued, not the span of their sequence numbers', () => {
    // Answered events leave holes: a, c stay (Retry) and b is gone, so the span is 3 but 2 are queued.
    const q = queue(3, 'refuse_new');
    for (const id of ['a', 'b', 'c']) q.enqueue(id, {});
    const b = q.nextBatch(3)!;
    q.applyAcks(b.batch_id, [
      { event_id: 'a', status: 'Retry', reason: 'busy' },
      { event_id: 'b', status: 'Accepted', reason: null },
      { event_id: 'c', status: 'Retry', reason: 'busy' },
    ]);
    expect(q.depth()).toBe(2);
    expect(q.enqueue('d', {})).toEqual({ queued: true });
    expect(q.enqueue('e', {})).toEqual({ queued: false, reason: 'queue_full' });
    expect(q.depth()).toBe(3);
  });

  it('refuses the same event id twice', () => {
    const q = queue();
    q.enqueue('a', {});
    expect(q.enqueue('a', {})).toEqual({ queued: false, reason: 'duplicate' });
  });

  it('backs off Retry up to 15 minutes', () => {
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(50)).toBe(15 * 60_000);
  });
});

describe('events written together (enqueueSoon, issue 18)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Rows as another connection sees them: what is committed. */
  const committed = (path: string) => {
    const db = new Database(path, { readonly: true });
    try {
      return (db.prepare('SELECT event_id FROM events ORDER BY seq').all() as { event_id: string }[]).map(
        (r) => r.event_id,
      );
    } finally {
      db.close();
    }
  };

  it('commits the events of the next few milliseconds together, in arrival order, each with its own answer', async () => {
    vi.useFakeTimers();
    const path = join(tempDir(), 'q.db');
    const q = new EventQueue(path, 1000, 'refuse_new');
    const answers = [
      q.enqueueSoon('a', { n: 1 }),
      q.enqueueSoon('b', { n: 2 }),
      q.enqueueSoon('a', { n: 3 }),
    ];
    expect(committed(path)).toEqual([]);
    vi.advanceTimersByTime(WRITE_DELAY_MS - 1);
    expect(committed(path)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(committed(path)).toEqual(['a', 'b']);
    expect(await Promise.all(answers)).toEqual([
      { queued: true },
      { queued: true },
      { queued: false, reason: 'duplicate' },
    ]);
    await q.durable();
    q.close();
  });

  it('writes a backlog MAX_WRITE_EVENTS per transaction, one transaction per turn of the event loop', async () => {
    vi.useFakeTimers();
    const path = join(tempDir(), 'q.db');
    const q = new EventQueue(path, 1000, 'refuse_new');
    const ids = Array.from({ length: 2 * MAX_WRITE_EVENTS + 5 }, (_, i) => `e${i}`);
    const answers = ids.map((id) => q.enqueueSoon(id, {}));
    vi.advanceTimersByTime(WRITE_DELAY_MS);
    expect(committed(path)).toEqual(ids.slice(0, MAX_WRITE_EVENTS));
    // An event arriving meanwhile joins the backlog's turns, not a new delay.
    const late = q.enqueueSoon('late', {});
    vi.advanceTimersToNextTimer();
    expect(committed(path)).toEqual(ids.slice(0, 2 * MAX_WRITE_EVENTS));
    vi.advanceTimersToNextTimer();
    expect(committed(path)).toEqual([...ids, 'late']);
    expect(vi.getTimerCount()).toBe(0);
    expect(await Promise.all([...answers, late])).toEqual(Array(ids.length + 1).fill({ queued: true }));
    // What reads the queue still writes the whole backlog first.
    for (let i = 0; i < 2 * MAX_WRITE_EVENTS; i++) void q.enqueueSoon(`f${i}`, {});
    expect(q.depth()).toBe(ids.length + 1 + 2 * MAX_WRITE_EVENTS);
    expect(vi.getTimerCount()).toBe(0);
    q.close();
  });

  it('writes what is pending before any read or change, so the order is arrival order', async () => {
    vi.useFakeTimers();
    const path = join(tempDir(), 'q.db');
    const q = new EventQueue(path, 1000, 'refuse_new');
    const first = q.enqueueSoon('first', {});
    expect(q.enqueue('second', {})).toEqual({ queued: true });
    expect(committed(path)).toEqual(['first', 'second']);
    await expect(first).resolves.toEqual({ queued: true });
    void q.enqueueSoon('third', {});
    expect(q.nextBatch(10)?.events.map((e) => e.event_id)).toEqual(['first', 'second', 'third']);
    void q.enqueueSoon('fourth', {});
    expect(q.depth()).toBe(4);
    void q.enqueueSoon('fifth', {});
    q.close();
    expect(committed(path)).toEqual(['first', 'second', 'third', 'fourth', 'fifth']);
  });

  it('an event that cannot be stored fails alone; the capacity counts the events before it', async () => {
    vi.useFakeTimers();
    const path = join(tempDir(), 'q.db');
    const q = new EventQueue(path, 2, 'refuse_new');
    const answers = [
      q.enqueueSoon('a', {}),
      q.enqueueSoon('bad', { size: 1n }),
      q.enqueueSoon('b', {}),
      q.enqueueSoon('c', {}),
    ];
    vi.advanceTimersByTime(WRITE_DELAY_MS);
    const settled = await Promise.allSettled(answers);
    expect(settled.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).name))).toEqual([
      { queued: true },
      'TypeError',
      { queued: true },
      { queued: false, reason: 'queue_full' },
    ]);
    expect(committed(path)).toEqual(['a', 'b']);
    q.close();
  });
});
