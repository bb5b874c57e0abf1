/**
 * A "do it now" request for one loop (an operator's SIGHUP asks for a check-in at once). A request made
 * while the loop is busy is kept, so the loop's next sleep ends at once; several requests made meanwhile
 * count as one.
 */
export class Wake {
  private pending = false;
  private waiter: (() => void) | null = null;

  now(): void {
    const w = this.waiter;
    this.waiter = null;
    if (w) w();
    else this.pending = true;
  }

  /** Consumes a pending request, or registers `fn` for the next one; returns whether one was pending. */
  take(fn: () => void): boolean {
    if (this.pending) {
      this.pending = false;
      return true;
    }
    this.waiter = fn;
    return false;
  }

  cancel(fn: () => void): void {
    if (this.waiter === fn) this.waiter = null;
  }
}

/**
 * Sleeps, waking early when `signal` aborts or `wake` is asked. The abort listener is removed when the
 * timer fires: the service loops sleep on one signal for the life of the process, so a listener left
 * behind per sleep would grow memory without bound (one every 10 s from the removable-media loop alone).
 */
export function sleep(ms: number, signal?: AbortSignal, wake?: Wake): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      wake?.cancel(done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    if (wake?.take(done)) done();
  });
}

/**
 * Runs `fn` repeatedly until `signal` aborts, waiting `delayMs()` between runs (read each time, so a
 * server-requested wait applies). A failing run is reported and the loop goes on: the agent degrades,
 * it does not stop. `wake` ends a wait early (the run happens at once).
 */
export async function repeat(
  signal: AbortSignal,
  delayMs: () => number,
  fn: () => Promise<void>,
  onError: (err: Error) => void,
  initialDelayMs = 0,
  wake?: Wake,
): Promise<void> {
  await sleep(initialDelayMs, signal, wake);
  while (!signal.aborted) {
    try {
      await fn();
    } catch (err) {
      onError(err as Error);
    }
    await sleep(delayMs(), signal, wake);
  }
}
