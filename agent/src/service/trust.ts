import { acceptTrustUpdate } from '../policy/trust-update.js';
import type { AgentState } from './state.js';

/**
 * Check-in's `policy_trust_update` (docs/signing-keys.md): accepted, the new set is in force at once
 * (the bundle verifier reads `s.enrollment`); refused, the last trusted set stays and health says
 * why until an update is accepted. A set that cannot be stored is not taken (next check-in retries).
 */
export async function takeTrustUpdate(s: AgentState, update: unknown): Promise<void> {
  try {
    const r = await acceptTrustUpdate(s.config.stateDir, s.enrollment, update, s.log);
    if (r.accepted) {
      s.enrollment = r.enrollment;
      s.trustRefusal = null;
    } else {
      s.trustRefusal = r.refusal;
    }
  } catch (err) {
    s.log('warn', 'policy trust update could not be stored; the trusted keys stay', {
      error: (err as Error).message,
    });
  }
}

/** Health's `policy_trust_refusal`: the last refused update's code and offered version, or null. */
export function trustHealth(s: AgentState): Record<string, unknown> {
  return { policy_trust_refusal: s.trustRefusal ?? null };
}
