import type { ServiceHooks } from '../types.js';

/**
 * On Linux the journal keeps a service's stderr; a service event is one JSON line there with the
 * same event ids the Windows event log uses (3004 enrolment failing with its reason, 2001 enrolled).
 * The unit is Type=simple, so readiness needs no notify socket.
 */
export function createStderrServiceHooks(): ServiceHooks {
  return {
    reportEvent(eventId, level, message) {
      process.stderr.write(
        `${JSON.stringify({ time: new Date().toISOString(), level, event_id: eventId, message })}\n`,
      );
    },
    notifyReady() {},
    onCheckInRequest(fn) {
      // `systemctl kill -s HUP custos-agent`: without this listener SIGHUP would end the service.
      process.on('SIGHUP', fn);
      return () => process.off('SIGHUP', fn);
    },
  };
}
