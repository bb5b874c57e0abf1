import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { likeContains, type SearchHit, type SearchInput } from '../../ports/search-hit.js';

/** The user kind of GET /search (docs/search.md): accounts whose e-mail or display name holds the text. */
export async function userSearchHits(db: Kysely<Database>, input: SearchInput): Promise<SearchHit[]> {
  const like = sql<string>`${likeContains(input.text)} escape '\\'`;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'display_name', 'role', 'status', 'last_login_at', 'created_at'])
    .where('tenant_id', '=', input.tenantId)
    .where((eb) => eb.or([eb(sql`lower(email)`, 'like', like), eb(sql`lower(display_name)`, 'like', like)]))
    .orderBy('email')
    .limit(input.limit)
    .execute();
  return rows.map((r) => ({
    kind: 'user',
    id: r.id,
    label: r.display_name ?? r.email,
    detail: `${r.email} · ${r.role} · ${r.status}`,
    at: r.last_login_at ?? r.created_at,
  }));
}
