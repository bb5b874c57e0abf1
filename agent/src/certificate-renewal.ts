import type { EnrollmentState } from './enrollment-state.js';
import { buildCsr } from './identity/csr.js';
import type { DeviceKey } from './identity/device-key.js';
import type { AgentApi } from './transport/agent-api.js';

/** Document 2: renew when fewer than 30 days (the default `certificate_renew_before_days`) remain. */
export const RENEW_BEFORE_DAYS = 30;

export function renewalDue(expiresAt: string, nowMs: number, beforeDays = RENEW_BEFORE_DAYS): boolean {
  const exp = Date.parse(expiresAt);
  if (Number.isNaN(exp)) return true;
  return exp - nowMs < beforeDays * 86_400_000;
}

/**
 * Renews the device certificate when due (or when the server asks): a fresh CSR signed by the same
 * pinned device key, posted to the signed certificate route. Returns the updated state, or null
 * when nothing was due. Throws on failure; the caller logs and carries on (renewal is not fatal).
 */
export async function renewCertificateIfDue(
  state: EnrollmentState,
  key: DeviceKey,
  api: AgentApi,
  hostname: string,
  nowMs: number,
  force = false,
  beforeDays = RENEW_BEFORE_DAYS,
): Promise<EnrollmentState | null> {
  if (!force && !renewalDue(state.certificate_expires_at, nowMs, beforeDays)) return null;
  const csr = await buildCsr(key, hostname.slice(0, 64) || 'dlp-agent');
  const res = await api.certificate(csr);
  if (typeof res?.certificate_pem !== 'string' || typeof res.certificate_expires_at !== 'string') {
    throw new Error('certificate answer is missing certificate_pem or certificate_expires_at');
  }
  return {
    ...state,
    certificate_pem: res.certificate_pem,
    certificate_expires_at: res.certificate_expires_at,
    ...(typeof res.ca_chain_pem === 'string' ? { ca_chain_pem: res.ca_chain_pem } : {}),
  };
}

/** The first retry after a failed renewal; each further failure doubles it, up to the cap. */
export const RENEW_RETRY_FIRST_MS = 15 * 60_000;
export const RENEW_RETRY_MAX_MS = 6 * 3600_000;

/**
 * When to try a renewal (document 2: failure is not fatal, retried with back-off). A try is due
 * when fewer than `beforeDays` remain or the server asked (check-in's certificate-rotation flag);
 * after a failure nothing is tried — not even on the server's request, which repeats at every
 * check-in — until the back-off has passed: 15 min, doubling, at most 6 h. Success resets it.
 */
export class RenewalSchedule {
  private failures = 0;
  private notBeforeMs = 0;
  private asked = false;

  constructor(readonly beforeDays = RENEW_BEFORE_DAYS) {}

  /** The server asked for a new certificate (check-in). */
  request(): void {
    this.asked = true;
  }

  /** Whether to try now: 'due' (time or request) or null (nothing due, or backing off). */
  shouldTry(expiresAt: string, nowMs: number): 'requested' | 'due' | null {
    if (nowMs < this.notBeforeMs) return null;
    if (renewalDue(expiresAt, nowMs, this.beforeDays)) return 'due';
    return this.asked ? 'requested' : null;
  }

  /** A failed try: the wait before the next one. */
  failed(nowMs: number): number {
    this.failures += 1;
    const wait = Math.min(RENEW_RETRY_FIRST_MS * 2 ** (this.failures - 1), RENEW_RETRY_MAX_MS);
    this.notBeforeMs = nowMs + wait;
    return wait;
  }

  succeeded(): void {
    this.failures = 0;
    this.notBeforeMs = 0;
    this.asked = false;
  }
}
