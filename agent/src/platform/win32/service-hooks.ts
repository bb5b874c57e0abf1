import { isNativeError, nativeAvailable, nativeFunction, type ServiceControl } from '@custos/native';
import type { ServiceHooks } from '../types.js';

/** The Application log source the MSI registers (docs/native.md). */
export const EVENT_SOURCE = 'Custos DLP Agent';

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
export function createWin32ServiceHooks(run: ServiceRun = { isService: false, reason: null }): ServiceHooks {
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
    notifyReady() {
      if (run.isService) nativeFunction('serviceSetStatus')('running');
    },
  };
}
