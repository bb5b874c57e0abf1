import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { likeContains, type SearchHit, type SearchInput } from '../../ports/search-hit.js';
import './tables.js';

/**
 * The exception_request kind of GET /search (docs/search.md): requests whose reference or policy
 * name holds the text, newest first. A hit shows the reference, state and policy name, never the
 * person's justification or the file.
 */
export async function exceptionSearchHits(db: Kysely<Database>, input: SearchInput): Promise<SearchHit[]> {
  const like = sql<string>`${likeContains(input.text)} escape '\\'`;
  const rows = await db
    .selectFrom('exception_requests')
    .select(['id', 'reference', 'state', 'policy_name', 'created_at'])
    .where('tenant_id', '=', input.tenantId)
    .where((eb) =>
      eb.or([eb(sql`lower(reference)`, 'like', like), eb(sql`lower(policy_name)`, 'like', like)]),
    )
    .orderBy('created_at', 'desc')
    .limit(input.limit)
    .execute();
  return rows.map((r) => ({
    kind: 'exception_request',
    id: r.id,
    label: r.reference,
    detail: [r.state, r.policy_name].filter(Boolean).join(' · '),
    at: r.created_at,
  }));
}
