import { type TrustUpdateErrorCode, verifyTrustUpdate } from '@custos/engine';
import { type EnrollmentState, writeEnrollment } from '../enrollment-state.js';
import type { Logger } from '../log.js';

/** The last refused trust update, reported in health until one is accepted (docs/signing-keys.md). */
export interface TrustRefusal {
  code: TrustUpdateErrorCode;
  offered_version: number | null;
}

export type TrustOutcome =
  | { accepted: true; enrollment: EnrollmentState }
  | { accepted: false; refusal: TrustRefusal };

function offeredVersion(update: unknown): number | null {
  try {
    const b64 = (update as { payload_b64?: unknown }).payload_b64;
    const v = JSON.parse(Buffer.from(String(b64), 'base64').toString('utf8')).version;
    return Number.isSafeInteger(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * Document 2, trust rotation: a `policy_trust_update` from check-in replaces the trusted policy
 * signing keys whole when it verifies against the set in force; the new set and its version are
 * written to `enrollment.json` before they are used, so a restart keeps them. Any refusal keeps
 * the last trusted set, in memory and on disk.
 */
export async function acceptTrustUpdate(
  stateDir: string,
  enrollment: EnrollmentState,
  update: unknown,
  log: Logger,
): Promise<TrustOutcome> {
  const r = verifyTrustUpdate(update, {
    tenant_id: enrollment.tenant_id,
    version: enrollment.policy_trust_version,
    keys: enrollment.policy_signing_keys,
  });
  if (!r.ok) {
    log('warn', 'policy trust update refused; the trusted keys stay', { code: r.code, reason: r.message });
    return { accepted: false, refusal: { code: r.code, offered_version: offeredVersion(update) } };
  }
  const next: EnrollmentState = {
    ...enrollment,
    policy_trust_version: r.version,
    policy_signing_keys: r.keys.map((k) => ({
      key_id: k.key_id,
      public_key_b64: k.public_key_b64,
      algorithm: k.algorithm,
      not_after: k.not_after ?? null,
    })),
  };
  await writeEnrollment(stateDir, next);
  log('info', 'policy trust updated', {
    version: r.version,
    key_ids: next.policy_signing_keys.map((k) => k.key_id),
  });
  return { accepted: true, enrollment: next };
}
