import type { Logger } from '../log.js';
import { agentVersion } from '../version.js';
import { clearBackoff, recordFailure } from './backoff.js';
import { clearPending, type PendingUpdate, readPending } from './pending.js';
import { restorePrevious } from './swap.js';

/**
 * The trial of a freshly installed version (docs/agent-updates.md). At start: a marker for another
 * version than this one is stale (the swap never happened, or the previous version is back) and
 * goes; a marker for this version past its deadline rolls back at once; otherwise the deadline is
 * watched while the service runs. The first successful check-in confirms (`confirmUpdate`).
 */
export type GuardOutcome = 'none' | 'on_trial' | 'rolled_back';

export async function guardAtStart(stateDir: string, nowMs: number, log: Logger): Promise<GuardOutcome> {
  const p = await readPending(stateDir);
  if (!p) return 'none';
  if (p.to_version !== agentVersion()) {
    await clearPending(stateDir);
    return 'none';
  }
  if (Date.parse(p.deadline) <= nowMs)
    return (await rollBack(stateDir, p, nowMs, log)) ? 'rolled_back' : 'none';
  return 'on_trial';
}

/** When the trial ends unconfirmed: rolls back; true when the previous executable is in place. */
export async function trialExpired(stateDir: string, nowMs: number, log: Logger): Promise<boolean> {
  const p = await readPending(stateDir);
  if (!p || p.to_version !== agentVersion()) return false;
  return rollBack(stateDir, p, nowMs, log);
}

/** The milliseconds left in this version's trial; null when none is running. */
export async function trialLeftMs(stateDir: string, nowMs: number): Promise<number | null> {
  const p = await readPending(stateDir);
  if (!p || p.to_version !== agentVersion()) return null;
  return Math.max(0, Date.parse(p.deadline) - nowMs);
}

async function rollBack(stateDir: string, p: PendingUpdate, nowMs: number, log: Logger): Promise<boolean> {
  const restored = p.method === 'swap' ? await restorePrevious(p.executable, p.previous) : false;
  await clearPending(stateDir);
  const b = await recordFailure(stateDir, p.to_version, 'did not check in before the deadline', nowMs);
  log(
    'error',
    restored
      ? 'updated agent did not check in in time; previous version restored'
      : 'updated agent did not check in in time; no previous executable to restore',
    {
      version: p.to_version,
      back_to: p.from_version,
      failures: b.failures,
      next_attempt_at: b.next_attempt_at,
    },
  );
  return restored;
}

/** A successful check-in of the version on trial: the update stands, its back-off is forgotten. */
export async function confirmUpdate(stateDir: string, log: Logger): Promise<boolean> {
  const p = await readPending(stateDir);
  if (!p || p.to_version !== agentVersion()) return false;
  await clearPending(stateDir);
  await clearBackoff(stateDir);
  log('info', 'agent update confirmed by a check-in', { from: p.from_version, to: p.to_version });
  return true;
}

/**
 * Windows: after starting the installer the old version still runs until the MSI stops it, and
 * each check-in offers the same release again. While the installer's trial lasts the offer is
 * ignored ('in_progress'); once the deadline passed with the old version still running, the install
 * failed: the marker goes and the failure counts for the back-off ('failed').
 */
export async function installerState(
  stateDir: string,
  version: string,
  nowMs: number,
): Promise<'none' | 'in_progress' | 'failed'> {
  const p = await readPending(stateDir);
  if (p?.method !== 'msiexec' || p.to_version !== version || agentVersion() === version) return 'none';
  if (Date.parse(p.deadline) > nowMs) return 'in_progress';
  await clearPending(stateDir);
  await recordFailure(stateDir, version, 'the installer did not start the new version in time', nowMs);
  return 'failed';
}
