import { BUILTIN_DETECTORS, type CustomDetectorSpec } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { containsText, type SearchHit, type SearchInput } from '../../ports/search-hit.js';
import { customDetectorRows } from './store.js';

/**
 * The detector kind of GET /search (docs/search.md): the tenant's custom detectors (newest version)
 * by id, then the built-in catalogue by id or description. A hit never carries a pattern.
 */
export async function detectorSearchHits(db: Kysely<Database>, input: SearchInput): Promise<SearchHit[]> {
  const custom = new Map<string, { spec: CustomDetectorSpec; at: string }>();
  for (const r of await customDetectorRows(db, input.tenantId))
    custom.set(r.id, { spec: JSON.parse(r.spec) as CustomDetectorSpec, at: r.created_at });
  const out: SearchHit[] = [];
  for (const [id, { spec, at }] of custom)
    if (containsText(id, input.text))
      out.push({ kind: 'detector', id, label: id, detail: `custom · ${spec.category}`, at });
  for (const d of BUILTIN_DETECTORS)
    if (containsText(d.id, input.text) || containsText(d.description, input.text))
      out.push({ kind: 'detector', id: d.id, label: d.id, detail: `built-in · ${d.category}`, at: null });
  return out.slice(0, input.limit);
}
