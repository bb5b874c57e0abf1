import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import './extras-tables.js';

/**
 * GET /overview's destinations (docs/overview.md): the destinations incidents' events named
 * since `since`, with how many incidents named each, most first. `incidents` is the subquery of
 * the incident ids the caller may count (a scoped role's groups).
 */
export async function destinationCounts(
  db: Kysely<Database>,
  tenantId: string,
  since: string,
  // biome-ignore lint/suspicious/noExplicitAny: any subquery that selects one incident id column.
  incidents: SelectQueryBuilder<Database, any, { id: string }>,
  limit: number,
): Promise<{ destination: string; incidents: number }[]> {
  const rows = await db
    .selectFrom('incident_destinations as d')
    .select(['d.destination', sql<number>`count(*)`.as('n')])
    .where('d.tenant_id', '=', tenantId)
    .where('d.first_seen_at', '>=', since)
    .where('d.incident_id', 'in', incidents)
    .groupBy('d.destination')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('d.destination')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ destination: r.destination, incidents: Number(r.n) }));
}
