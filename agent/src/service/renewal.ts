import { renewCertificateIfDue } from '../certificate-renewal.js';
import { writeEnrollment } from '../enrollment-state.js';
import type { AgentState } from './state.js';

/**
 * Renews the device certificate when due (or when the server asks, `force`) and stores the new
 * enrolment. Document 2: renewal failure is not fatal; the next check retries.
 */
export async function renewCertificate(s: AgentState, force = false): Promise<void> {
  try {
    const next = await renewCertificateIfDue(
      s.enrollment,
      s.key,
      s.api,
      s.platform.hostname(),
      s.transport.now(),
      force,
    );
    if (next) {
      s.enrollment = next;
      await writeEnrollment(s.config.stateDir, next);
      s.log('info', 'device certificate renewed', { expires_at: next.certificate_expires_at });
    }
  } catch (err) {
    s.log('warn', 'certificate renewal failed; will retry', { error: (err as Error).message });
  }
}
