import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { containsText, type SearchHit, type SearchInput } from '../../ports/search-hit.js';
import { classificationRows, classificationStates } from './store.js';

/**
 * The classification kind of GET /search (docs/search.md): classifications whose newest
 * coordinate's name holds the text (a tenant holds tens of them; matched here).
 */
export async function classificationSearchHits(
  db: Kysely<Database>,
  input: SearchInput,
): Promise<SearchHit[]> {
  const newest = new Map<string, Awaited<ReturnType<typeof classificationRows>>[number]>();
  for (const r of await classificationRows(db, input.tenantId)) {
    const seen = newest.get(r.id);
    const later =
      !seen ||
      r.classification_version > seen.classification_version ||
      (r.classification_version === seen.classification_version && r.revision > seen.revision);
    if (later) newest.set(r.id, r);
  }
  const enabled = new Map(
    (await classificationStates(db, input.tenantId)).map((s) => [s.id, s.enabled === 1]),
  );
  return [...newest.values()]
    .filter((r) => containsText(r.name, input.text))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, input.limit)
    .map((r) => ({
      kind: 'classification',
      id: r.id,
      label: r.name,
      detail: `version ${r.classification_version} · ${enabled.get(r.id) === false ? 'disabled' : 'enabled'}`,
      at: r.created_at,
    }));
}
