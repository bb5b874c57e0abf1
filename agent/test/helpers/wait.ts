import type { EventEmitter } from 'node:events';

/**
 * Waits until `cond` holds: checked at once and again each time one of `sources` emits `event` —
 * the real event that can change it (a line a process printed, a request a peer received) — so
 * nothing polls. `endEvent` on a source (a process closing) fails at once when `cond` still does
 * not hold; `ms` is the deadline, with `what` in the message.
 */
export function whenTrue(
  sources: readonly EventEmitter[],
  event: string,
  cond: () => boolean,
  what: string,
  ms: number,
  endEvent?: { source: EventEmitter; event: string; describe(): string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (cond()) return resolve();
    const done = (error?: Error) => {
      clearTimeout(timer);
      for (const s of sources) s.off(event, check);
      endEvent?.source.off(endEvent.event, ended);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (cond()) done();
    };
    const ended = () => {
      if (!cond()) done(new Error(`${what}: ${endEvent?.describe()}`));
      else done();
    };
    const timer = setTimeout(() => done(new Error(`timed out waiting for ${what}`)), ms);
    for (const s of sources) s.on(event, check);
    endEvent?.source.on(endEvent.event, ended);
  });
}

/**
 * For a condition no event reaches the test with (a query over the server's API): asks again
 * every 100 ms until it holds; throws naming `what` after `ms`. Prefer `ProcessLog.until`,
 * `AgentPeerServer.until` and `FakeNotificationServer.until`, which wait for the event itself.
 */
export async function pollUntil(
  cond: () => boolean | Promise<boolean>,
  what: string,
  ms = 30_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
