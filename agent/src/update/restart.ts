/**
 * Restart through the service manager (docs/agent-updates.md). The service leaves with exit code
 * 75 (EX_TEMPFAIL): the unit's `Restart=on-failure` starts it again, now from the new executable;
 * the Windows service control manager's recovery action does the same. The run command installs
 * the hook; without it (`run --once`, other commands) nothing restarts and updates wait.
 */
export const EXIT_RESTART = 75;

let hook: (() => void) | null = null;
let requested = false;

export function onRestartRequest(fn: (() => void) | null): void {
  hook = fn;
  requested = false;
}

export function canRestart(): boolean {
  return hook !== null;
}

/** Asks the running service to stop for a restart; false when no service loop can. */
export function requestRestart(): boolean {
  if (!hook) return false;
  requested = true;
  hook();
  return true;
}

export function restartRequested(): boolean {
  return requested;
}
