import { verifyBundle } from '@custos/engine';
import type { EnrollmentState } from '../enrollment-state.js';
import type { BundleVerifier } from './bundle-store.js';

/**
 * The agent's bundle checks are the engine's `verifyBundle` (document 1's order, one code per
 * failure). Trust comes from enrolment: tenant, device, group and the policy signing keys.
 */
export function engineVerifier(enrollment: () => EnrollmentState, now: () => number): BundleVerifier {
  return (envelope, floor, atMs) => {
    const e = enrollment();
    const r = verifyBundle(
      envelope,
      {
        tenant_id: e.tenant_id,
        device_id: e.device_id,
        agent_group: e.agent_group,
        keys: e.policy_signing_keys,
        version_floor: floor,
      },
      { now: new Date(atMs ?? now()) },
    );
    return r.ok ? { ok: true, payload: r.payload } : { ok: false, code: r.code, message: r.message };
  };
}
