import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { ConnectionDrain } from './http/connections.js';

export interface StoppingListener {
  /** Stops accepting and resolves once every connection of the listener is closed. */
  close(): Promise<unknown>;
  drain: ConnectionDrain;
}

export interface ShutdownPlan {
  listeners: readonly StoppingListener[];
  /** DLP_SHUTDOWN_GRACE_SECONDS, in milliseconds. */
  graceMs: number;
  /**
   * Work that outlives the connections (a handler still inside its database transaction when its
   * connection was cut); resolves once it has settled. Bounded by BACKGROUND_WAIT_MS.
   */
  settleBackground(): Promise<unknown>;
  /** Runs last: closes the database (and with it the WAL checkpointer's thread). */
  closeStores(): Promise<unknown>;
  logger: Logger;
  /** What asked for the stop (the signal's name). */
  reason?: string | undefined;
}

/** After the deadline: how long the listeners get to report their cut connections closed. */
const AFTER_DEADLINE_MS = 300;
/** After the connections: how long a transaction still running may take to commit or roll back. */
const BACKGROUND_WAIT_MS = 300;

/** Resolves with `work`'s value, or with `late` once `ms` have passed. */
function within<T, L>(work: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The server's stop (docs/architecture.md, Shutdown): stop accepting; destroy connections with
 * nothing in flight at once; let requests in flight finish, answered with `Connection: close`;
 * at the grace deadline destroy whatever is still open (a cut request was never answered, so no
 * event is acknowledged that its transaction did not commit: the agent retries it); let running
 * transactions settle; close the database. One log line at the start, one at the end.
 */
export async function shutDown(plan: ShutdownPlan): Promise<void> {
  const started = performance.now();
  plan.logger.info(
    { reason: plan.reason ?? 'close', grace_seconds: plan.graceMs / 1000 },
    'shutdown started',
  );
  for (const listener of plan.listeners) listener.drain.begin();
  const closed = Promise.allSettled(plan.listeners.map((l) => l.close()));
  const deadlineReached = await within(
    closed.then(() => false),
    plan.graceMs,
    true,
  );
  let cut = 0;
  if (deadlineReached) {
    for (const listener of plan.listeners) cut += listener.drain.destroyAll();
    await within(closed, AFTER_DEADLINE_MS, null);
  }
  await within(
    plan.settleBackground().catch(() => {}),
    BACKGROUND_WAIT_MS,
    null,
  );
  await plan.closeStores();
  plan.logger.info(
    {
      ms: Math.round(performance.now() - started),
      deadline_reached: deadlineReached,
      connections_cut: cut,
    },
    'shutdown finished',
  );
}
