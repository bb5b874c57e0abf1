import { join } from 'node:path';
import { readStateJson, removeStateFile, writeStateJson } from '../state-files.js';

/**
 * Back-off for a failing update (docs/agent-updates.md): after a refused package, a failed
 * download or a rollback the same version is not tried again for 1 h, then 4 h, and from the
 * third failure on once a day, so a bad release never turns a fleet into a retry storm. Another
 * version is tried at once (it may be the fix).
 */
export interface UpdateBackoff {
  version: string;
  failures: number;
  /** RFC 3339: not before then. */
  next_attempt_at: string;
  last_reason: string;
}

export const BACKOFF_STEPS_MS = [3_600_000, 4 * 3_600_000, 24 * 3_600_000] as const;

export function backoffDelayMs(failures: number): number {
  const i = Math.min(Math.max(failures, 1), BACKOFF_STEPS_MS.length) - 1;
  return BACKOFF_STEPS_MS[i]!;
}

export function backoffPath(stateDir: string): string {
  return join(stateDir, 'update', 'backoff.json');
}

export function readBackoff(stateDir: string): Promise<UpdateBackoff | undefined> {
  return readStateJson<UpdateBackoff>(backoffPath(stateDir)).catch(() => undefined);
}

/** May `version` be tried now? */
export function mayAttempt(b: UpdateBackoff | undefined, version: string, nowMs: number): boolean {
  return !b || b.version !== version || Date.parse(b.next_attempt_at) <= nowMs;
}

/** Records one more failure of `version` and answers the back-off now in force. */
export async function recordFailure(
  stateDir: string,
  version: string,
  reason: string,
  nowMs: number,
): Promise<UpdateBackoff> {
  const before = await readBackoff(stateDir);
  const failures = before && before.version === version ? before.failures + 1 : 1;
  const next: UpdateBackoff = {
    version,
    failures,
    next_attempt_at: new Date(nowMs + backoffDelayMs(failures)).toISOString(),
    last_reason: reason,
  };
  await writeStateJson(backoffPath(stateDir), next);
  return next;
}

export function clearBackoff(stateDir: string): Promise<void> {
  return removeStateFile(backoffPath(stateDir));
}
