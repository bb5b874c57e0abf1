import type { Client } from 'ldapts';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import type { ServiceContext } from '../../service-context.js';
import { asService, resolveCredential, tenantSlug } from '../ldap/public.js';
import { recordHealth } from './health.js';
import { domainSid } from './ldap-search.js';
import { updateSource } from './store.js';
import type { DirectorySourcesTable } from './tables.js';

/**
 * Every live call to a directory source goes through `withDirectory` (document 3): verified TLS
 * (LDAPS or StartTLS, the CA of the credential or the system roots), the domain SID pinned at
 * first contact, no referral chasing (ldapts reports referrals and never follows them), a
 * deadline (`DLP_DIRECTORY_DEADLINE_MS`, document 3's ten seconds by default) that closes the
 * connection and frees the live-search slot, eight live searches per process and one attempt
 * per source per second. A failure is a 502 with a reason from a fixed list; the directory's own
 * text is never sent. Each outcome is recorded on the source (health.ts).
 */

export const LIVE_SEARCHES = 8;
const ATTEMPT_GAP_MS = 1_000;

let live = 0;
const lastAttempt = new Map<string, number>();

export type FailureReason =
  | 'timeout'
  | 'unreachable'
  | 'certificate'
  | 'bind_refused'
  | 'credential'
  | 'domain_changed'
  | 'search_refused'
  | 'not_supported';

export class DirectoryFailure extends Error {
  constructor(readonly reason: FailureReason) {
    super(reason);
    this.name = 'DirectoryFailure';
  }
}

const CERT_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ALTNAME|HOSTNAME/;

/** The fixed reason of a failed call (never the directory's message). */
export function reasonOf(error: unknown): FailureReason {
  if (error instanceof DirectoryFailure) return error.reason;
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === 'InvalidCredentialsError') return 'bind_refused';
  if (typeof e.code === 'string' && CERT_CODES.test(e.code)) return 'certificate';
  if (
    e.code === 'ECONNREFUSED' ||
    e.code === 'ECONNRESET' ||
    e.code === 'EHOSTUNREACH' ||
    e.code === 'ENOTFOUND'
  )
    return 'unreachable';
  if (/timeout/i.test(e.name ?? '') || /timeout|timed out/i.test(e.message ?? '')) return 'timeout';
  return 'search_refused';
}

export function failureError(reason: FailureReason): AppError {
  return new AppError('directory.unavailable', `the directory could not be searched (${reason})`, [
    { field: 'reason', message: reason },
  ]);
}

function takeAttempt(sourceId: string, nowMs: number): void {
  const last = lastAttempt.get(sourceId);
  if (last !== undefined && nowMs - last < ATTEMPT_GAP_MS && nowMs >= last)
    throw new AppError(
      'request.rate_limited',
      'one directory search per source per second; retry shortly',
      [],
      {
        'retry-after': '1',
      },
    );
  if (live >= LIVE_SEARCHES)
    throw new AppError('request.rate_limited', 'too many directory searches are running; retry shortly', [], {
      'retry-after': '1',
    });
  lastAttempt.set(sourceId, nowMs);
  if (lastAttempt.size > 10_000) lastAttempt.delete(lastAttempt.keys().next().value as string);
}

/** The work's outcome, or a `timeout` failure at `ms`; then `abort` closes the work's connection. */
function deadline<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new DirectoryFailure('timeout'));
      abort.abort();
    }, ms);
  });
  return Promise.race([work(abort.signal), late]).finally(() => clearTimeout(timer));
}

/**
 * Runs `work` bound as the source's service account. Records verification on the row (verified
 * and pins the domain SID on success; failed with the reason otherwise) and throws a 502 on failure.
 */
export async function withDirectory<T>(
  ctx: ServiceContext,
  config: Config,
  source: DirectorySourcesTable,
  work: (client: Client, baseDn: string, domain: string) => Promise<T>,
): Promise<T> {
  takeAttempt(source.id, ctx.clock.now().getTime());
  live++;
  try {
    const result = await deadline(
      (signal) => callOnce(ctx, config, source, work, signal),
      config.directory.deadlineMs,
    );
    await recordHealth(ctx, source, null);
    return result;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason = reasonOf(error);
    await recordHealth(ctx, source, reason);
    throw failureError(reason);
  } finally {
    live--;
  }
}

async function callOnce<T>(
  ctx: ServiceContext,
  config: Config,
  source: DirectorySourcesTable,
  work: (client: Client, baseDn: string, domain: string) => Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  if (source.kind !== 'directory_windows') throw new DirectoryFailure('not_supported');
  const cred = resolveCredential(
    config.secrets,
    source.credential_ref,
    await tenantSlug(ctx, source.tenant_id),
  );
  if ('problem' in cred) throw new DirectoryFailure('credential');
  return asService(
    cred,
    cred.ca,
    async (client) => {
      const domain = await domainSid(client, cred.baseDn);
      if (domain === null) throw new DirectoryFailure('search_refused');
      if (source.pinned_id === null) {
        await updateSource(ctx.db, source.tenant_id, source.id, { pinned_id: domain });
        source.pinned_id = domain;
      } else if (source.pinned_id !== domain) throw new DirectoryFailure('domain_changed');
      return work(client, cred.baseDn, domain);
    },
    signal,
  );
}
