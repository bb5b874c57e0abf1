import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { capabilityMatrix } from './capabilities.js';
import type { AgentConfig } from './config.js';
import { ConfigError } from './config.js';
import { type EnrollmentState, readEnrollment, SERVER_CA_FILE, writeEnrollment } from './enrollment-state.js';
import { buildCsr } from './identity/csr.js';
import { selectDeviceKey } from './identity/select-key.js';
import type { Logger } from './log.js';
import type { Platform } from './platform/types.js';
import { sleep } from './schedule.js';
import { writeStateFile } from './state-files.js';
import { AgentApi, ENROLL_SCHEMA_VERSION } from './transport/agent-api.js';
import { AgentTransport } from './transport/client.js';
import { HttpError, RateLimitedError, UnreachableError } from './transport/errors.js';
import { agentVersion } from './version.js';

/** Service event ids shared with the Windows event log (document 2). */
export const EVENT_ENROLLED = 2001;
export const EVENT_ENROLL_FAILING = 3004;

/** The CA the agent trusts for the server: the configured file, else the copy kept at enrolment. */
export async function serverCaPem(config: AgentConfig): Promise<string | null> {
  if (config.caFile) {
    try {
      return await readFile(config.caFile, 'utf8');
    } catch (err) {
      throw new ConfigError(
        'CaFile',
        `CA file ${config.caFile} cannot be read: ${(err as NodeJS.ErrnoException).code}`,
      );
    }
  }
  try {
    return await readFile(join(config.stateDir, SERVER_CA_FILE), 'utf8');
  } catch {
    return null;
  }
}

/** Why an enrolment attempt failed, in words safe to log (never the token). */
export function enrollFailureReason(err: unknown): { reason: string; retryable: boolean } {
  if (err instanceof RateLimitedError) return { reason: 'server rate limit (429)', retryable: true };
  if (err instanceof HttpError) {
    if (err.status === 403)
      return { reason: 'enrolment token refused (expired, revoked, spent or unknown)', retryable: true };
    if (err.status >= 500) return { reason: `server error ${err.status}`, retryable: true };
    return {
      reason: `server refused enrolment: ${err.status}${err.code ? ` ${err.code}` : ''}`,
      retryable: true,
    };
  }
  if (err instanceof UnreachableError) return { reason: err.message, retryable: true };
  if (err instanceof ConfigError) return { reason: err.message, retryable: false };
  return { reason: (err as Error).message, retryable: true };
}

/**
 * Enrols this endpoint: device key (via the identity module, pinned in the state directory), CSR,
 * one-time token. On success writes `enrollment.json` and keeps the server CA beside it.
 */
export async function enroll(
  platform: Platform,
  config: AgentConfig,
  token: string,
  log: Logger,
): Promise<EnrollmentState> {
  if (!config.serverUrl) throw new ConfigError('ServerUrl', 'no server URL: pass --server or set ServerUrl');
  const existing = await readEnrollment(config.stateDir);
  if (existing) {
    throw new ConfigError(
      'StateDir',
      `already enrolled as device ${existing.device_id}; uninstall first to re-enrol`,
    );
  }
  const caPem = await serverCaPem(config);
  const selection = await selectDeviceKey({
    stateDir: config.stateDir,
    keys: platform.deviceKeys,
    mode: config.keyMode,
    ...(config.tcti ? { tcti: config.tcti } : {}),
  });
  log('info', 'device key selected', { reason: selection.reason });
  const key = selection.key;
  const transport = new AgentTransport({
    baseUrl: config.serverUrl,
    caPem,
    timeoutMs: config.requestTimeoutSecs * 1000,
  });
  try {
    const hostname = platform.hostname();
    const csr = await buildCsr(key, hostname.slice(0, 64) || 'dlp-agent');
    const api = new AgentApi(transport, null);
    const res = await api.enroll({
      schema_version: ENROLL_SCHEMA_VERSION,
      enrollment_token: token,
      hardware_id: createHash('sha256')
        .update(await platform.machineIdentity())
        .digest('hex'),
      hostname,
      os: platform.osName,
      os_version: platform.osVersion(),
      agent_version: agentVersion(),
      device_public_key_b64: Buffer.from(key.publicKey()).toString('base64'),
      device_signature_algorithm: key.algorithm,
      device_key_protection: key.protection,
      csr_pem: csr,
      capabilities: capabilityMatrix(platform),
    });
    if (!res || typeof res.device_id !== 'string' || !Array.isArray(res.policy_signing_keys)) {
      throw new Error('enrolment answer is missing device_id or policy_signing_keys');
    }
    if (caPem) await writeStateFile(join(config.stateDir, SERVER_CA_FILE), caPem);
    const state: EnrollmentState = {
      server_url: config.serverUrl,
      device_id: res.device_id,
      tenant_id: res.tenant_id,
      agent_group: res.agent_group ?? null,
      certificate_pem: res.certificate_pem,
      ca_chain_pem: res.ca_chain_pem,
      certificate_expires_at: res.certificate_expires_at,
      policy_signing_keys: res.policy_signing_keys,
      // The trust version the enrolment's key set belongs to (0 from a server that does not say).
      policy_trust_version: Number.isSafeInteger(res.policy_trust_version)
        ? (res.policy_trust_version as number)
        : 0,
      checkin_interval_secs: typeof res.checkin_interval_secs === 'number' ? res.checkin_interval_secs : null,
      enrolled_at: new Date().toISOString(),
    };
    await writeEnrollment(config.stateDir, state);
    platform.service.reportEvent(EVENT_ENROLLED, 'info', `enrolled as device ${res.device_id}`);
    return state;
  } finally {
    await key.close();
    await transport.close();
  }
}

/** Back-off for enrolment at first start: 30 s doubling, at most 15 minutes (document 2). */
export function enrollBackoffMs(attempt: number): number {
  return Math.min(15 * 60_000, 30_000 * 2 ** Math.min(attempt, 10));
}

/**
 * Route (b) of document 2: no enrolment yet, token and server from machine policy. Retries with
 * back-off up to 15 minutes, writing event 3004 with the reason each time; 2001 on success.
 */
export async function enrollFromPolicy(
  platform: Platform,
  config: AgentConfig,
  log: Logger,
  signal: AbortSignal,
): Promise<EnrollmentState | null> {
  for (let attempt = 0; !signal.aborted; attempt++) {
    try {
      if (!config.enrollmentToken)
        throw new ConfigError('EnrollmentToken', 'not enrolled and no EnrollmentToken in machine policy');
      if (!config.serverUrl)
        throw new ConfigError('ServerUrl', 'not enrolled and no ServerUrl in machine policy');
      return await enroll(platform, config, config.enrollmentToken, log);
    } catch (err) {
      const { reason } = enrollFailureReason(err);
      const wait = enrollBackoffMs(attempt);
      platform.service.reportEvent(
        EVENT_ENROLL_FAILING,
        'warning',
        `enrolment failed: ${reason}; retrying in ${Math.round(wait / 1000)} s`,
      );
      // The same signal then runs the service: a wait must not leave its abort listener behind.
      await sleep(wait, signal);
    }
  }
  return null;
}
