import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';

/** How long since its last check-in an active endpoint still counts as reporting. */
export const REPORTING_DAYS = 7;

export interface CoverageCounts {
  endpoints: number;
  reporting: number;
  silent: number;
  without_policy: number;
  revoked: number;
  uninstalled: number;
}

/**
 * GET /overview's `coverage` (docs/overview.md): endpoints by state, counted from `devices`; a
 * role scoped to endpoint groups counts only its groups' endpoints.
 */
export async function coverageCounts(
  db: Kysely<Database>,
  tenantId: string,
  groupScope: readonly string[] | null,
  now: Date,
): Promise<CoverageCounts> {
  const since = new Date(now.getTime() - REPORTING_DAYS * 86_400_000).toISOString();
  if (groupScope !== null && groupScope.length === 0)
    return { endpoints: 0, reporting: 0, silent: 0, without_policy: 0, revoked: 0, uninstalled: 0 };
  let q = db
    .selectFrom('devices')
    .select([
      sql<number>`sum(case when status = 'active' then 1 else 0 end)`.as('active'),
      sql<number>`sum(case when status = 'active' and last_seen_at >= ${since} then 1 else 0 end)`.as(
        'reporting',
      ),
      sql<number>`sum(case when status = 'active' and bundle_version = 0 then 1 else 0 end)`.as(
        'without_policy',
      ),
      sql<number>`sum(case when status = 'revoked' then 1 else 0 end)`.as('revoked'),
      sql<number>`sum(case when status = 'uninstalled' then 1 else 0 end)`.as('uninstalled'),
    ])
    .where('tenant_id', '=', tenantId);
  if (groupScope !== null) q = q.where('group_id', 'in', [...groupScope]);
  const r = await q.executeTakeFirst();
  const active = Number(r?.active ?? 0);
  const reporting = Number(r?.reporting ?? 0);
  return {
    endpoints: active,
    reporting,
    silent: active - reporting,
    without_policy: Number(r?.without_policy ?? 0),
    revoked: Number(r?.revoked ?? 0),
    uninstalled: Number(r?.uninstalled ?? 0),
  };
}
