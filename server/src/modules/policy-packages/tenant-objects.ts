import {
  BUILTIN_DETECTORS,
  type ClassificationCoordinate,
  type MappingTarget,
  type PackageDependency,
  type PackageMapping,
  type TenantObjects,
  type TypedTarget,
} from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { findAgent, findAgentGroup, findAgentGroupByName } from '../agents/public.js';
import { tenantClassifications } from '../classifications/public.js';
import { currentCustomDetectors } from '../detectors/public.js';
import { corpusNames } from '../fingerprint-corpora/public.js';
import { promptLibrary } from '../prompt-messages/public.js';

const BUILTIN_VERSION = new Map(BUILTIN_DETECTORS.map((d) => [d.id, d.version]));
const SID = /^S-1-[0-9]+(-[0-9]+){1,14}$/;
const MAX_FREE_TEXT = 256;

function coordinateKey(c: ClassificationCoordinate): string {
  return `${c.classification_id}@${c.classification_version}.${c.revision}`;
}

/** Every string a dependency or a mapping could name as an endpoint, group or group name. */
function candidates(deps: readonly PackageDependency[], mappings: readonly PackageMapping[]) {
  const texts = new Set<string>();
  const ids = new Set<string>();
  const add = (to: MappingTarget | undefined) => {
    if (typeof to === 'string') texts.add(to);
    else if (to && typeof to === 'object' && 'object_id' in to && typeof to.object_id === 'string')
      ids.add(to.object_id);
  };
  for (const d of deps) {
    texts.add(d.value);
    if (d.target) ids.add(d.target.object_id);
  }
  for (const m of mappings) add(m.to);
  return { texts: [...texts].slice(0, 1000), ids: [...ids].slice(0, 1000) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What exists in the importing tenant, read once before the engine resolves (its lookups are
 * synchronous). A classification resolves only at a coordinate that can be published: present,
 * enabled and the newest revision of its version. Endpoints are active agents, endpoint groups
 * live groups (by id for a typed target, by name for a legacy name). Users, directory group names
 * and departments are free text in a scope, so any non-empty value up to 256 characters counts;
 * a directory-group target needs a SID inside the domain it names.
 */
export async function tenantObjects(
  db: Kysely<Database>,
  tenantId: string,
  deps: readonly PackageDependency[],
  mappings: readonly PackageMapping[],
): Promise<TenantObjects> {
  const custom = await currentCustomDetectors(db, tenantId);
  const { rows, enabled } = await tenantClassifications(db, tenantId);
  const newest = new Map<string, number>();
  for (const r of rows) {
    const k = `${r.id}@${r.classification_version}`;
    newest.set(k, Math.max(newest.get(k) ?? 0, r.revision));
  }
  const usable = new Set(
    rows
      .filter(
        (r) =>
          enabled.get(r.id) !== false && newest.get(`${r.id}@${r.classification_version}`) === r.revision,
      )
      .map((r) =>
        coordinateKey({
          classification_id: r.id,
          classification_version: r.classification_version,
          revision: r.revision,
        }),
      ),
  );
  const prompts = await promptLibrary(db, tenantId);
  const { texts, ids } = candidates(deps, mappings);
  const agents = new Set<string>();
  const groupIds = new Set<string>();
  const groupNames = new Set<string>();
  for (const v of [...texts, ...ids].filter((x) => UUID.test(x))) {
    const a = await findAgent(db, tenantId, v);
    if (a && a.status === 'active') agents.add(v);
    const g = await findAgentGroup(db, tenantId, v);
    if (g && !g.retired_at) groupIds.add(v);
  }
  for (const name of texts) {
    if (name.length === 0 || name.length > 200) continue;
    const g = await findAgentGroupByName(db, tenantId, name);
    if (g && !g.retired_at) groupNames.add(name.toLowerCase());
  }
  const corpora = await corpusNames(
    db,
    tenantId,
    [...texts].filter((x) => UUID.test(x)),
  );
  const freeText = (v: string) => v.trim().length > 0 && v.length <= MAX_FREE_TEXT;
  return {
    builtinDetectorVersion: (id) => BUILTIN_VERSION.get(id),
    tenantDetector: (id) => custom.has(id),
    classification: (c) => usable.has(coordinateKey(c)),
    promptMessage: (id) => {
      const m = prompts.lookup.find(id);
      return m !== undefined && !m.retired_at;
    },
    user: freeText,
    device: (id) => agents.has(id),
    endpointGroup: (name) => groupNames.has(name.toLowerCase()),
    fingerprintCorpus: (id) => corpora.has(id),
    target: (t: TypedTarget) => {
      if (t.kind === 'endpoint') return t.source.type === 'svc' && agents.has(t.object_id);
      if (t.kind === 'endpoint_group') return t.source.type === 'svc' && groupIds.has(t.object_id);
      return (
        t.source.type === 'windows_directory' &&
        SID.test(t.object_id) &&
        t.object_id.startsWith(`${t.source.domain_sid}-`)
      );
    },
  };
}
