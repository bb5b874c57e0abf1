import { RenewalSchedule, renewCertificateIfDue } from '../certificate-renewal.js';
import { writeEnrollment } from '../enrollment-state.js';
import type { AgentState } from './state.js';

function scheduleOf(s: AgentState): RenewalSchedule {
  s.renewal ??= new RenewalSchedule(s.config.certificateRenewBeforeDays);
  return s.renewal;
}

/**
 * Renews the device certificate when due or when the server asked (`requested`: check-in's
 * certificate-rotation flag) and stores the new enrolment. Document 2: renewal failure is not
 * fatal; the schedule backs off (15 min doubling to 6 h) and a later check retries.
 */
export async function renewCertificate(s: AgentState, requested = false): Promise<void> {
  const schedule = scheduleOf(s);
  if (requested) schedule.request();
  const now = s.transport.now();
  const why = schedule.shouldTry(s.enrollment.certificate_expires_at, now);
  if (!why) return;
  try {
    const next = await renewCertificateIfDue(
      s.enrollment,
      s.key,
      s.api,
      s.platform.hostname(),
      now,
      true,
      schedule.beforeDays,
    );
    if (!next) return;
    s.enrollment = next;
    await writeEnrollment(s.config.stateDir, next);
    schedule.succeeded();
    s.log('info', 'device certificate renewed', { expires_at: next.certificate_expires_at, reason: why });
  } catch (err) {
    const waitMs = schedule.failed(s.transport.now());
    s.log('warn', 'certificate renewal failed; will retry', {
      error: (err as Error).message,
      retry_in_ms: waitMs,
    });
  }
}
