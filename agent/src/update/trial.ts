import type { Logger } from '../log.js';
import { guardAtStart, trialExpired, trialLeftMs } from './guard.js';
import { requestRestart } from './restart.js';

export interface UpdateTrial {
  /** The previous executable is back: the service restarts into it at once. */
  rolledBack: boolean;
  dispose(): void;
}

/**
 * Run at the start of the service: checks the marker of a version on trial and, while the trial
 * lasts, watches its deadline (the rollback then restarts the service into the previous version).
 */
export async function beginUpdateTrial(
  stateDir: string,
  log: Logger,
  now: () => number = Date.now,
): Promise<UpdateTrial> {
  const outcome = await guardAtStart(stateDir, now(), log);
  if (outcome === 'rolled_back') return { rolledBack: true, dispose: () => undefined };
  const left = outcome === 'on_trial' ? await trialLeftMs(stateDir, now()) : null;
  if (left === null) return { rolledBack: false, dispose: () => undefined };
  log('info', 'this agent version is on trial until its first check-in', { left_ms: left });
  const timer = setTimeout(() => {
    trialExpired(stateDir, now(), log).then(
      (restored) => {
        if (restored) requestRestart();
      },
      (err: Error) => log('error', 'update rollback failed', { error: err.message }),
    );
  }, left);
  return { rolledBack: false, dispose: () => clearTimeout(timer) };
}
