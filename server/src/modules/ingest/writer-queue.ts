import { performance } from 'node:perf_hooks';

/**
 * Turns of the event loop the writer leaves between two batches. A check-in needs several
 * turns (hooks, body, each of its statements) to get from the connection queue to its reply;
 * given one turn it advanced one statement per batch written and waited for several batches
 * (p99 near 200 ms under the bench's load, about 40 ms with eight). Idle turns cost microseconds.
 */
const TURNS_BETWEEN_BATCHES = 8;

function yieldTurns(): Promise<void> {
  return new Promise((resolve) => {
    let left = TURNS_BETWEEN_BATCHES;
    const step = () => {
      left -= 1;
      if (left === 0) resolve();
      else setImmediate(step);
    };
    setImmediate(step);
  });
}

/**
 * How long each ingest transaction held the writer (and, on SQLite, the one connection): the
 * longest a check-in queued behind a batch can wait for it. Keeps the newest `size` figures in
 * milliseconds; the ingest bench reads them (docs/architecture.md, Ingest).
 */
export class HoldTimes {
  private readonly ring: Float64Array;
  private count = 0;

  constructor(size = 4096) {
    this.ring = new Float64Array(size);
  }

  record(ms: number): void {
    this.ring[this.count % this.ring.length] = ms;
    this.count += 1;
  }

  /** The kept figures, oldest first, and forgets them. */
  drain(): number[] {
    const size = this.ring.length;
    const n = Math.min(this.count, size);
    const start = this.count - n;
    const out: number[] = [];
    for (let i = start; i < this.count; i += 1) out.push(this.ring[i % size] as number);
    this.count = 0;
    return out;
  }
}

/** The hold times of this process's ingest writers (one per app; the bench runs one app). */
export const ingestHoldTimes = new HoldTimes();

/**
 * Runs ingest transactions one after another. With SQLite every statement shares one
 * connection and a transaction holds it throughout: eight devices' batches queued at the
 * connection would make a check-in wait for all of them. Queued here instead, a check-in waits
 * for at most the batch being written (docs/agent-interface.md, Throughput).
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** `now` reads a monotonic clock in milliseconds (tests give their own). */
  constructor(
    private readonly holds: HoldTimes = ingestHoldTimes,
    private readonly now: () => number = () => performance.now(),
  ) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    const timed = async () => {
      const start = this.now();
      try {
        return await work();
      } finally {
        this.holds.record(this.now() - start);
      }
    };
    const next = this.tail.then(timed, timed);
    // Turns of the event loop between two batches let queries queued meanwhile (a check-in's
    // few short statements) run before the next batch takes the connection again.
    this.tail = next.then(yieldTurns, yieldTurns);
    return next;
  }
}
