import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';

/**
 * GET /overview's `exceptions_waiting` (docs/overview.md): pending requests not yet lapsed at
 * `now`, and the earliest time one of them lapses.
 */
export async function exceptionsWaiting(
  db: Kysely<Database>,
  tenantId: string,
  now: Date,
): Promise<{ count: number; oldest_lapses_at: string | null }> {
  const r = await db
    .selectFrom('exception_requests')
    .select([sql<number>`count(*)`.as('n'), sql<string | null>`min(lapses_at)`.as('first')])
    .where('tenant_id', '=', tenantId)
    .where('state', '=', 'pending')
    .where('lapses_at', '>', now.toISOString())
    .executeTakeFirst();
  return { count: Number(r?.n ?? 0), oldest_lapses_at: r?.first ?? null };
}
