import { BUILTIN_DETECTORS, type CustomDetectorSpec } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { customDetectorRows } from './store.js';

/** Ids of the built-in detectors (no tenant detector may take one). */
export const BUILTIN_DETECTOR_IDS: ReadonlySet<string> = new Set(BUILTIN_DETECTORS.map((d) => d.id));

/** The current version of each tenant custom detector, by id. */
export async function currentCustomDetectors(
  db: Kysely<Database>,
  tenantId: string,
): Promise<Map<string, CustomDetectorSpec>> {
  const out = new Map<string, CustomDetectorSpec>();
  for (const r of await customDetectorRows(db, tenantId))
    out.set(r.id, JSON.parse(r.spec) as CustomDetectorSpec);
  return out;
}

// GET /search's detector kind (docs/search.md).
export { detectorSearchHits } from './search-hits.js';
