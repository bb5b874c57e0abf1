import { spawnSync } from 'node:child_process';
import { win32 } from 'node:path';
import { isNativeError, nativeAvailable, nativeFunction, type ServiceControl } from '@custos/native';
import type { ServiceHooks } from '../types.js';
import { logServiceToFile } from './service-log.js';

/** The Application log source the MSI registers (docs/native.md). */
export const EVENT_SOURCE = 'Custos DLP Agent';
/** The service name the MSI installs (wix/agent.wxs ServiceInstall/@Name). */
export const SERVICE_NAME = 'CustosAgent';
/** Application log event when the recovery actions could not be set (ours; document 2 names 2001 and 3004). */
export const EVENT_RECOVERY_NOT_SET = 3010;

const LEVELS = { info: 'information', warning: 'warning', error: 'error' } as const;

export interface ServiceRun {
  /** false when started from a console: the dispatcher answered native.not_a_service. */
  isService: boolean;
  reason: string | null;
}

/**
 * Connects to the service control manager when the agent was started as a service; stop and
 * shutdown arrive through `onControl`. From a console this answers isService false and the agent
 * runs as a plain process.
 */
export function startServiceDispatcher(
  name: string,
  onControl: (control: ServiceControl) => void,
): ServiceRun {
  try {
    nativeFunction('serviceStart')(name, onControl);
    return { isService: true, reason: null };
  } catch (err) {
    if (isNativeError(err) && err.code === 'native.not_a_service') {
      return { isService: false, reason: 'not started by the service control manager' };
    }
    return { isService: false, reason: isNativeError(err) ? err.message : String(err) };
  }
}

/**
 * Application event log entries (document 2: 3004 enrolment failing with the reason, 2001
 * enrolled). A failing event log is reported on stderr, never thrown: it must not stop enrolment.
 */
/** Restart after 5 s, 30 s, then every 60 s; the failure count resets after a day without one. */
export const RECOVERY_ARGS = [
  'failure',
  SERVICE_NAME,
  'reset=',
  '86400',
  'actions=',
  'restart/5000/restart/30000/restart/60000',
];

/**
 * Restart on failure. wixl (msitools 0.101) cannot author MsiServiceConfigFailureActions, so the
 * service sets its own recovery actions each time the service control manager starts it, with the
 * system's `sc.exe` (idempotent). Answers null or why it could not.
 */
export function configureRecovery(): string | null {
  const sc = win32.join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'sc.exe');
  const r = spawnSync(sc, RECOVERY_ARGS, { stdio: 'ignore', timeout: 15_000, windowsHide: true });
  if (r.error) return `${sc} could not be started: ${r.error.message}`;
  return r.status === 0 ? null : `${sc} ${RECOVERY_ARGS.join(' ')} exited with ${r.status}`;
}

export function createWin32ServiceHooks(): ServiceHooks {
  let run: ServiceRun = { isService: false, reason: 'not attached' };
  return {
    reportEvent(eventId, level, message) {
      try {
        if (!nativeAvailable('reportEvent')) throw new Error('event log unavailable');
        nativeFunction('reportEvent')(EVENT_SOURCE, LEVELS[level], eventId, message);
      } catch (err) {
        process.stderr.write(
          `${JSON.stringify({ time: new Date().toISOString(), level, event_id: eventId, message, event_log_error: (err as Error).message })}\n`,
        );
      }
    },
    attach(onStop) {
      run = startServiceDispatcher(SERVICE_NAME, () => onStop());
      // Running at once: enrolment from machine policy may retry for a long time (document 2), and
      // the service control manager gives a service 30 s to report running.
      if (run.isService) {
        nativeFunction('serviceSetStatus')('running');
        const failed = configureRecovery();
        if (failed)
          this.reportEvent(EVENT_RECOVERY_NOT_SET, 'warning', `restart on failure not set: ${failed}`);
      }
      return run;
    },
    notifyReady() {
      /* reported running at attach */
    },
    logToFile(stateDir, limits) {
      logServiceToFile(win32.join(stateDir, 'logs'), limits);
    },
    stopped(exitCode) {
      if (!run.isService) return;
      nativeFunction('serviceSetStatus')('stopped', exitCode);
      // The dispatcher thread keeps the process alive: end it once the status is out, or it would
      // hold dlp-agent.exe and the addon open (msiexec /x could not remove them).
      setTimeout(() => process.exit(exitCode), 200);
    },
  };
}
