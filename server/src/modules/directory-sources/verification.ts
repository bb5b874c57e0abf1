import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { enabledSources } from './store.js';

/**
 * Scope preview's per-domain `directories` (document 1), read from stored rows only: `verified`
 * when an enabled Windows source pinned to that domain SID was verified within 24 hours, `stale`
 * when its last verification is older, `unknown` when it is not verified (never contacted, or
 * its last contact failed) or when an enabled source has not pinned a domain yet, `no_source`
 * otherwise.
 */
export const VERIFIED_FOR_MS = 24 * 3_600_000;

export type DomainVerification = 'verified' | 'stale' | 'unknown' | 'no_source';

export async function domainVerification(
  db: Kysely<Database>,
  tenantId: string,
  domainSids: readonly string[],
  now: Date,
): Promise<{ domain_sid: string; verification: DomainVerification; last_verified_at: string | null }[]> {
  if (domainSids.length === 0) return [];
  const sources = (await enabledSources(db, tenantId)).filter((s) => s.kind === 'directory_windows');
  const unpinned = sources.some((s) => s.pinned_id === null);
  return domainSids.map((domain) => {
    const pinned = sources.filter((s) => s.pinned_id === domain);
    const latest = pinned
      .map((s) => (s.verification === 'verified' ? s.last_verified_at : null))
      .filter((t): t is string => t !== null)
      .sort()
      .at(-1);
    if (latest)
      return {
        domain_sid: domain,
        verification: now.getTime() - new Date(latest).getTime() <= VERIFIED_FOR_MS ? 'verified' : 'stale',
        last_verified_at: latest,
      };
    const last =
      pinned
        .map((s) => s.last_verified_at)
        .filter((t): t is string => t !== null)
        .sort()
        .at(-1) ?? null;
    if (pinned.length > 0 || unpinned)
      return { domain_sid: domain, verification: 'unknown', last_verified_at: last };
    return { domain_sid: domain, verification: 'no_source', last_verified_at: null };
  });
}
