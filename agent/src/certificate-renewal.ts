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
): Promise<EnrollmentState | null> {
  if (!force && !renewalDue(state.certificate_expires_at, nowMs)) return null;
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
