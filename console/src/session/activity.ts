import { api, onServerUse } from '../api/client.js';

/** Document 3: the heartbeat at most once a minute, and only on real use (keys, pointer). */
export const HEARTBEAT_MS = 60_000;
const USE_EVENTS = ['keydown', 'pointerdown', 'wheel'] as const;

/**
 * Starts watching a signed-in person's use of the page. Reads do not keep a session alive on the
 * server, so a person reading a long incident sends a heartbeat when they scroll or type; any
 * write already counts as use and moves the clock too. Returns the stop function.
 */
export function watchActivity(now: () => number = Date.now): () => void {
  let last = now();
  const stopUse = onServerUse(() => {
    last = now();
  });
  const onUse = () => {
    if (now() - last < HEARTBEAT_MS) return;
    last = now();
    void api.POST('/api/v1/auth/activity').catch(() => {});
  };
  for (const name of USE_EVENTS) window.addEventListener(name, onUse, { passive: true, capture: true });
  return () => {
    stopUse();
    for (const name of USE_EVENTS) window.removeEventListener(name, onUse, { capture: true });
  };
}
