/**
 * Sleeps, waking early when `signal` aborts. The abort listener is removed when the timer fires: the
 * service loops sleep on one signal for the life of the process, so a listener left behind per sleep
 * would grow memory without bound (one every 10 s from the removable-media loop alone).
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(t);
      resolve();
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `fn` repeatedly until `signal` aborts, waiting `delayMs()` between runs (read each time, so a
 * server-requested wait applies). A failing run is reported and the loop goes on: the agent degrades,
 * it does not stop.
 */
export async function repeat(
  signal: AbortSignal,
  delayMs: () => number,
  fn: () => Promise<void>,
  onError: (err: Error) => void,
  initialDelayMs = 0,
): Promise<void> {
  await sleep(initialDelayMs, signal);
  while (!signal.aborted) {
    try {
      await fn();
    } catch (err) {
      onError(err as Error);
    }
    await sleep(delayMs(), signal);
  }
}
