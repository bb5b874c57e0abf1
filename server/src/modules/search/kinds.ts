import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Permission } from '../../http/permissions.js';
import type { Principal } from '../../http/principal.js';
import type { SearchHit, SearchInput } from '../../ports/search-hit.js';
import { endpointSearchHits } from '../agents/public.js';
import { classificationSearchHits } from '../classifications/public.js';
import { detectorSearchHits } from '../detectors/public.js';
import { discoveryScanSearchHits } from '../discovery-scans/public.js';
import { exceptionSearchHits } from '../exception-requests/public.js';
import { corpusSearchHits } from '../fingerprint-corpora/public.js';
import { incidentSearchHits } from '../incidents/public.js';
import { policySearchHits } from '../policies/public.js';
import { userSearchHits } from '../users/public.js';

type Finder = (db: Kysely<Database>, input: SearchInput, principal: Principal) => Promise<SearchHit[]>;

export interface SearchKind {
  kind: string;
  permission: Permission;
  /**
   * The owning module's finder; null where the product stores no such resource yet (edm
   * datasets, labels, user tags: docs/search.md, "Kinds without records").
   */
  find: Finder | null;
}

/** Document 2, Search: every kind, in the order hits are returned, with the permission it needs. */
export const SEARCH_KINDS: readonly SearchKind[] = [
  {
    kind: 'incident',
    permission: 'incidents:read',
    find: (db, input, p) => incidentSearchHits(db, { ...input, groupScope: p.incidentScope ?? null }),
  },
  { kind: 'endpoint', permission: 'agents:read', find: endpointSearchHits },
  { kind: 'policy', permission: 'policies:read', find: policySearchHits },
  { kind: 'classification', permission: 'policies:read', find: classificationSearchHits },
  { kind: 'detector', permission: 'detectors:read', find: detectorSearchHits },
  { kind: 'exception_request', permission: 'exceptions:read', find: exceptionSearchHits },
  { kind: 'user', permission: 'users:write', find: userSearchHits },
  { kind: 'edm_dataset', permission: 'edm:read', find: null },
  { kind: 'fingerprint_corpus', permission: 'policies:read', find: corpusSearchHits },
  { kind: 'discovery_scan', permission: 'discovery:read', find: discoveryScanSearchHits },
  { kind: 'label', permission: 'detectors:read', find: null },
  { kind: 'user_tag', permission: 'detectors:read', find: null },
];
