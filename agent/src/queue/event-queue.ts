import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { OverflowPolicy } from '../config.js';
import { WalFlusher } from './wal-flush.js';

/** Document 2, "Event ack meanings". */
export type AckStatus = 'Accepted' | 'Duplicate' | 'Rejected' | 'Retry';

export interface Ack {
  event_id: string;
  status: AckStatus;
  reason: string | null;
}

export interface QueuedBatch {
  batch_id: string;
  events: { event_id: string; body: Record<string, unknown> }[];
}

export type EnqueueResult = { queued: true } | { queued: false; reason: 'queue_full' | 'duplicate' };

/** How long `enqueueSoon` gathers events before writing them in one transaction. */
export const WRITE_DELAY_MS = 5;
/** Events in one `enqueueSoon` transaction at most (~1 ms of the agent's thread; docs/agent.md, Queue). */
export const MAX_WRITE_EVENTS = 32;

interface PendingEvent {
  eventId: string;
  body: Record<string, unknown>;
  resolve: (r: EnqueueResult) => void;
  reject: (err: Error) => void;
}

export interface QueueStats {
  depth: number;
  in_flight: number;
  overflow_refused: number;
  overflow_dropped: number;
  rejected: number;
  accepted: number;
  oldest_enqueued_at: string | null;
}

/** Back-off for a Retry ack: 5 s doubling per attempt, at most 15 minutes (our choice; docs/agent.md). */
export function retryDelayMs(attempts: number): number {
  return Math.min(15 * 60_000, 5_000 * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

/**
 * The durable event queue (SQLite, WAL). `enqueue` returns once the row is committed (it survives
 * the agent being killed); the commit's fsync then runs off the agent's thread (wal-flush.ts) and
 * `durable()` resolves when every event queued so far survives power loss too, so a sensor is told
 * "queued" only for an event on disk, and no held open waits behind another event's fsync. Uploads
 * take a batch: its events are stamped with one batch id, and until the server answers
 * that batch the same id and the same events are re-sent (document 2: the server answers a retried
 * batch from its idempotency record). Acks: Accepted, Duplicate and Rejected are deleted (Rejected is
 * counted), Retry stays with back-off. Capacity is enforced by the configured overflow policy, and
 * every overflow is counted and recorded.
 */
export class EventQueue {
  private readonly db: Database.Database;
  private readonly flusher: WalFlusher;
  /** The fsync asked for after the newest enqueue: it covers every event queued so far. */
  private flushed: Promise<void> = Promise.resolve();
  private readonly statements = new Map<string, Database.Statement>();
  /** Events handed to `enqueueSoon`, written together at the next write (WRITE_DELAY_MS). */
  private pending: PendingEvent[] = [];
  private writeTimer: NodeJS.Timeout | null = null;
  /** The next transaction of a backlog larger than MAX_WRITE_EVENTS, on the next turn. */
  private writeNext: NodeJS.Immediate | null = null;

  constructor(
    path: string,
    private readonly capacity: number,
    private readonly overflow: OverflowPolicy,
    private readonly clock: () => number = Date.now,
  ) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    // NORMAL: a commit is not synced on the agent's thread; enqueue asks the flusher for it.
    this.db.pragma('synchronous = NORMAL');
    this.flusher = new WalFlusher(`${path}-wal`);
    this.db.pragma('busy_timeout = 5000');
    // 1 MiB page cache: the agent's working set is small and idle memory counts (agent/bench/idle.bench.ts).
    this.db.pragma('cache_size = -1024');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL UNIQUE,
        body TEXT NOT NULL,
        enqueued_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        batch_id TEXT,
        last_reason TEXT
      );
      CREATE INDEX IF NOT EXISTS events_batch ON events(batch_id);
      CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS overflow_log (
        at INTEGER NOT NULL, policy TEXT NOT NULL, event_id TEXT NOT NULL, channel TEXT
      );
    `);
  }

  /**
   * The statement for `text`, prepared once: preparing on every enqueue cost more of the agent's
   * thread than the insert itself (issue 18, held-open latency: the event of one open is queued
   * while the next open waits).
   */
  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (statement === undefined) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  private bump(name: string, by = 1): void {
    this.sql(
      'INSERT INTO counters(name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + ?',
    ).run(name, by, by);
  }

  private counter(name: string): number {
    const row = this.sql('SELECT value FROM counters WHERE name = ?').get(name) as
      | { value: number }
      | undefined;
    return row?.value ?? 0;
  }

  depth(): number {
    this.writePending();
    return this.rows();
  }

  private rows(): number {
    return (this.sql('SELECT count(*) AS n FROM events').get() as { n: number }).n;
  }

  /**
   * Whether the queue holds `capacity` events. Counting every row on each enqueue cost a full scan
   * (milliseconds at 100,000 queued events, the default capacity, while an offline agent holds a
   * file open waiting for its verdict), so the sequence numbers' span answers first: the rows lie
   * between the lowest and highest `seq`, so a span under the capacity proves there is room, in
   * two index probes. Only a span at or over it (a full queue, or holes left by answered rows) is
   * counted exactly.
   */
  private atCapacity(): boolean {
    const span = this.sql(
      'SELECT (SELECT min(seq) FROM events) AS lo, (SELECT max(seq) FROM events) AS hi',
    ).get() as {
      lo: number | null;
      hi: number | null;
    };
    if (span.lo === null || span.hi === null || span.hi - span.lo + 1 < this.capacity) return false;
    return this.rows() >= this.capacity;
  }

  /**
   * Stores one event: committed when this returns (survives a kill), on disk once `durable()`
   * resolves (survives power loss). Events handed to `enqueueSoon` before are written first.
   */
  enqueue(eventId: string, body: Record<string, unknown>): EnqueueResult {
    this.writePending();
    const r = this.db.transaction(() => this.insert(eventId, body)).immediate();
    if (r.queued) this.flush();
    return r;
  }

  /**
   * Stores one event with the others that arrive within WRITE_DELAY_MS, in one transaction: the
   * promise resolves once the row is committed, and `durable()` called after that covers it. A
   * held open's event is queued this way (issue 18): a commit is a write to the WAL on the agent's
   * thread, which now and then waits milliseconds for the file system's journal while the next
   * open waits for the thread; one write per several events meets that wait several times less
   * often, and costs less per event. A transaction holds MAX_WRITE_EVENTS at most, the rest go on
   * the next turns. Everything that reads or changes the queue writes what is pending first, so the
   * queue's order and answers are those of one event at a time.
   */
  enqueueSoon(eventId: string, body: Record<string, unknown>): Promise<EnqueueResult> {
    return new Promise((resolve, reject) => {
      this.pending.push({ eventId, body, resolve, reject });
      if (this.writeNext === null) this.writeTimer ??= setTimeout(() => this.writeSome(), WRITE_DELAY_MS);
    });
  }

  /** The oldest MAX_WRITE_EVENTS pending in one transaction; the rest on the next turn. */
  private writeSome(): void {
    this.writeTimer = null;
    this.writeNext = null;
    this.write(this.pending.splice(0, MAX_WRITE_EVENTS));
    if (this.pending.length > 0) this.writeNext = setImmediate(() => this.writeSome());
  }

  /** Writes every event waiting for `enqueueSoon`'s write, now, in arrival order. */
  private writePending(): void {
    if (this.writeTimer !== null) clearTimeout(this.writeTimer);
    if (this.writeNext !== null) clearImmediate(this.writeNext);
    this.writeTimer = null;
    this.writeNext = null;
    this.write(this.pending.splice(0));
  }

  /** Stores `batch` in one transaction and answers each of its events. */
  private write(batch: PendingEvent[]): void {
    if (batch.length === 0) return;
    // Each event in its own savepoint: one that cannot be stored fails alone.
    const one = this.db.transaction((e: PendingEvent) => this.insert(e.eventId, e.body));
    let results: (EnqueueResult | Error)[];
    try {
      results = this.db
        .transaction(() =>
          batch.map((e) => {
            try {
              return one(e);
            } catch (err) {
              return err as Error;
            }
          }),
        )
        .immediate();
    } catch (err) {
      for (const e of batch) e.reject(err as Error);
      return;
    }
    if (results.some((r) => !(r instanceof Error) && r.queued)) this.flush();
    batch.forEach((e, i) => {
      const r = results[i] as EnqueueResult | Error;
      if (r instanceof Error) e.reject(r);
      else e.resolve(r);
    });
  }

  /** Asks for the fsync of everything committed so far (durable()). */
  private flush(): void {
    this.flushed = this.flusher.flush();
    // Awaited through durable(); an fsync nobody waits for must not be an unhandled rejection.
    this.flushed.catch(() => {});
  }

  /** Resolves when every event queued so far is on disk; rejects when its fsync failed. */
  durable(): Promise<void> {
    return this.flushed;
  }

  /** A full queue's refusal of a new event, counted and logged (refuse_new, or no event to drop). */
  private refuse(eventId: string, channel: string | null): EnqueueResult {
    this.bump('overflow_refused');
    this.sql('INSERT INTO overflow_log(at, policy, event_id, channel) VALUES (?, ?, ?, ?)').run(
      this.clock(),
      'refuse_new',
      eventId,
      channel,
    );
    return { queued: false, reason: 'queue_full' };
  }

  /** One event's row, inside the caller's transaction (capacity, overflow policy, duplicates). */
  private insert(eventId: string, body: Record<string, unknown>): EnqueueResult {
    const channel = typeof body.channel === 'string' ? body.channel : null;
    if (this.sql('SELECT 1 FROM events WHERE event_id = ?').get(eventId)) {
      return { queued: false, reason: 'duplicate' };
    }
    if (this.atCapacity()) {
      if (this.overflow === 'refuse_new') {
        return this.refuse(eventId, channel);
      }
      // drop_oldest: the oldest event not in an unanswered batch (an in-flight batch must stay intact).
      const victim = this.sql(
        'SELECT seq, event_id, body FROM events WHERE batch_id IS NULL ORDER BY seq LIMIT 1',
      ).get() as { seq: number; event_id: string; body: string } | undefined;
      if (!victim) return this.refuse(eventId, channel);
      const vChannel = (JSON.parse(victim.body) as { channel?: string }).channel ?? null;
      this.sql('DELETE FROM events WHERE seq = ?').run(victim.seq);
      this.sql('INSERT INTO overflow_log(at, policy, event_id, channel) VALUES (?, ?, ?, ?)').run(
        this.clock(),
        'drop_oldest',
        victim.event_id,
        vChannel,
      );
      this.bump('overflow_dropped');
    }
    this.sql('INSERT INTO events(event_id, body, enqueued_at) VALUES (?, ?, ?)').run(
      eventId,
      JSON.stringify(body),
      this.clock(),
    );
    return { queued: true };
  }

  /**
   * The next batch to send: an unanswered batch first (same id, same events), otherwise a new batch
   * of due events. Null when nothing is due.
   */
  nextBatch(maxEvents: number): QueuedBatch | null {
    this.writePending();
    const tx = this.db.transaction((): QueuedBatch | null => {
      const open = this.sql(
        'SELECT batch_id FROM events WHERE batch_id IS NOT NULL ORDER BY seq LIMIT 1',
      ).get() as { batch_id: string } | undefined;
      let batchId: string;
      if (open) {
        batchId = open.batch_id;
      } else {
        const due = this.sql('SELECT seq FROM events WHERE next_attempt_at <= ? ORDER BY seq LIMIT ?').all(
          this.clock(),
          maxEvents,
        ) as { seq: number }[];
        if (due.length === 0) return null;
        batchId = randomUUID();
        const stamp = this.sql('UPDATE events SET batch_id = ? WHERE seq = ?');
        for (const d of due) stamp.run(batchId, d.seq);
      }
      const rows = this.sql('SELECT event_id, body FROM events WHERE batch_id = ? ORDER BY seq').all(
        batchId,
      ) as { event_id: string; body: string }[];
      return {
        batch_id: batchId,
        events: rows.map((r) => ({
          event_id: r.event_id,
          body: JSON.parse(r.body) as Record<string, unknown>,
        })),
      };
    });
    return tx.immediate();
  }

  /**
   * Applies the server's answer to a batch. Events of the batch the answer does not mention are
   * treated as Retry (the server never silently drops one; document 2: one bad event never fails a batch).
   */
  applyAcks(
    batchId: string,
    acks: Ack[],
  ): { accepted: number; duplicate: number; rejected: number; retry: number } {
    this.writePending();
    const counts = { accepted: 0, duplicate: 0, rejected: 0, retry: 0 };
    const tx = this.db.transaction(() => {
      const byId = new Map(acks.map((a) => [a.event_id, a]));
      const rows = this.sql('SELECT seq, event_id, attempts FROM events WHERE batch_id = ?').all(batchId) as {
        seq: number;
        event_id: string;
        attempts: number;
      }[];
      const del = this.sql('DELETE FROM events WHERE seq = ?');
      const retry = this.sql(
        'UPDATE events SET batch_id = NULL, attempts = ?, next_attempt_at = ?, last_reason = ? WHERE seq = ?',
      );
      for (const row of rows) {
        const ack = byId.get(row.event_id);
        const status = ack?.status ?? 'Retry';
        if (status === 'Retry') {
          const attempts = row.attempts + 1;
          retry.run(
            attempts,
            this.clock() + retryDelayMs(attempts),
            ack?.reason ?? 'not_acknowledged',
            row.seq,
          );
          counts.retry++;
        } else {
          del.run(row.seq);
          if (status === 'Accepted') counts.accepted++;
          else if (status === 'Duplicate') counts.duplicate++;
          else counts.rejected++;
        }
      }
      if (counts.rejected) this.bump('rejected', counts.rejected);
      if (counts.accepted + counts.duplicate) this.bump('accepted', counts.accepted + counts.duplicate);
    });
    tx.immediate();
    return counts;
  }

  stats(): QueueStats {
    this.writePending();
    const inFlight = (
      this.sql('SELECT count(*) AS n FROM events WHERE batch_id IS NOT NULL').get() as { n: number }
    ).n;
    const oldest = this.sql('SELECT min(enqueued_at) AS t FROM events').get() as { t: number | null };
    return {
      depth: this.depth(),
      in_flight: inFlight,
      overflow_refused: this.counter('overflow_refused'),
      overflow_dropped: this.counter('overflow_dropped'),
      rejected: this.counter('rejected'),
      accepted: this.counter('accepted'),
      oldest_enqueued_at: oldest.t === null ? null : new Date(oldest.t).toISOString(),
    };
  }

  close(): void {
    this.writePending();
    this.flusher.close();
    this.db.close();
  }
}
