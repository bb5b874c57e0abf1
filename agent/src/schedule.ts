/** Sleeps, waking early when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
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
