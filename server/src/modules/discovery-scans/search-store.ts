import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { likeContains, type SearchHit, type SearchInput } from '../../ports/search-hit.js';
import './tables.js';

const REFERENCE = /^ds-(\d{1,9})$/i;

/**
 * The discovery_scan kind of GET /search (docs/search.md): a scan by its reference (`DS-12`) or
 * by a name containing the text, newest first. Paths and findings are never searched or shown.
 */
export async function discoveryScanSearchHits(
  db: Kysely<Database>,
  input: SearchInput,
): Promise<SearchHit[]> {
  const ref = REFERENCE.exec(input.text.trim());
  let q = db
    .selectFrom('discovery_scans')
    .select(['id', 'number', 'name', 'status', 'created_at'])
    .where('tenant_id', '=', input.tenantId);
  q = ref
    ? q.where('number', '=', Number(ref[1]))
    : q.where(sql<string>`lower(name)`, 'like', sql<string>`${likeContains(input.text)} escape '\\'`);
  const rows = await q.orderBy('number', 'desc').limit(input.limit).execute();
  return rows.map((r) => ({
    kind: 'discovery_scan',
    id: r.id,
    label: `DS-${r.number} ${r.name}`,
    detail: r.status,
    at: r.created_at,
  }));
}
