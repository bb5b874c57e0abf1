import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { likeContains, type SearchHit, type SearchInput } from '../../ports/search-hit.js';
import './tables.js';

/** The fingerprint_corpus kind of GET /search (docs/search.md): corpora whose name holds the text. */
export async function corpusSearchHits(db: Kysely<Database>, input: SearchInput): Promise<SearchHit[]> {
  const rows = await db
    .selectFrom('fingerprint_corpora')
    .select(['id', 'name', 'version', 'created_at'])
    .where('tenant_id', '=', input.tenantId)
    .where(sql`lower(name)`, 'like', sql<string>`${likeContains(input.text)} escape '\\'`)
    .orderBy('name_key')
    .limit(input.limit)
    .execute();
  return rows.map((r) => ({
    kind: 'fingerprint_corpus',
    id: r.id,
    label: r.name,
    detail: `version ${r.version}`,
    at: r.created_at,
  }));
}
