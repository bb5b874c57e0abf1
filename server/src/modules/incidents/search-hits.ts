import { NOTICE_REFERENCE_PATTERN } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { SearchHit, SearchInput } from '../../ports/search-hit.js';
import { nameSettings } from './names-store.js';
import { incidentSearchRows } from './search-store.js';

const REFERENCE = /^(?:inc-?)?(\d{1,12})$/i;

/**
 * The incident kind of GET /search (document 2, Search; docs/search.md): by reference, by the
 * start of the host name or (unless the tenant hides names) the user name, and by the six-character
 * notice reference a person saw. A hit shows the reference, severity, status and endpoint, never
 * a title, file name or matched value; `groupScope` limits a scoped role to its groups.
 */
export async function incidentSearchHits(
  db: Kysely<Database>,
  input: SearchInput & { groupScope: readonly string[] | null },
): Promise<SearchHit[]> {
  const hidden = (await nameSettings(db, input.tenantId)).names_hidden;
  const number = REFERENCE.exec(input.text)?.[1];
  const upper = input.text.toUpperCase();
  const rows = await incidentSearchRows(db, {
    tenantId: input.tenantId,
    number: number === undefined ? null : Number(number),
    prefix: input.text.toLowerCase(),
    byUsername: !hidden,
    notice: NOTICE_REFERENCE_PATTERN.test(upper) ? upper : null,
    groupScope: input.groupScope,
    limit: input.limit,
  });
  const unique = new Map(rows.map((r) => [r.id, r]));
  return [...unique.values()]
    .sort((a, b) => (a.last_seen_at < b.last_seen_at ? 1 : a.last_seen_at > b.last_seen_at ? -1 : 0))
    .slice(0, input.limit)
    .map((r) => ({
      kind: 'incident',
      id: r.id,
      label: r.reference,
      detail: [r.severity, r.status, r.hostname, hidden ? null : r.username].filter(Boolean).join(' · '),
      at: r.last_seen_at,
    }));
}
