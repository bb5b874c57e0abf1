import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { likePrefix, prefixEnd, type SearchHit, type SearchInput } from '../../ports/search-hit.js';
import './tables.js';

/**
 * The endpoint kind of GET /search (docs/search.md): endpoints whose host name starts with the
 * text, through the (tenant, lower(hostname)) index of migration 0800.
 */
export async function endpointSearchHits(db: Kysely<Database>, input: SearchInput): Promise<SearchHit[]> {
  const prefix = input.text.toLowerCase();
  const lowered = sql<string>`lower(hostname)`;
  const rows = await db
    .selectFrom('devices')
    .select(['id', 'hostname', 'os', 'status', 'last_seen_at', 'enrolled_at'])
    .where('tenant_id', '=', input.tenantId)
    .where(lowered, '>=', prefix)
    .where(lowered, '<', prefixEnd(prefix))
    .where(lowered, 'like', sql<string>`${likePrefix(prefix)} escape '\\'`)
    .limit(input.limit)
    .execute();
  return rows.map((r) => ({
    kind: 'endpoint',
    id: r.id,
    label: r.hostname,
    detail: `${r.os} · ${r.status}`,
    at: r.last_seen_at ?? r.enrolled_at,
  }));
}
