import type { PolicyVersionInput } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { containsText, type SearchHit, type SearchInput } from '../../ports/search-hit.js';
import { listPolicies, listTenantVersions } from './store.js';
import type { PolicyVersionsTable } from './tables.js';

/**
 * The policy kind of GET /search (docs/search.md): policies whose latest version's name, or whose
 * `POL-<n>` reference, holds the text. A tenant holds hundreds of policies, not millions, so the
 * names are read and matched here (they live inside each version's stored document).
 */
export async function policySearchHits(db: Kysely<Database>, input: SearchInput): Promise<SearchHit[]> {
  const latest = new Map<string, PolicyVersionsTable>();
  for (const r of await listTenantVersions(db, input.tenantId)) {
    const seen = latest.get(r.policy_id);
    if (!seen || seen.version < r.version) latest.set(r.policy_id, r);
  }
  const out: SearchHit[] = [];
  for (const p of await listPolicies(db, input.tenantId)) {
    const r = latest.get(p.id);
    if (!r) continue;
    const name = (JSON.parse(r.spec) as PolicyVersionInput).name;
    const reference = `POL-${p.number}`;
    if (!containsText(name, input.text) && !containsText(reference, input.text)) continue;
    out.push({
      kind: 'policy',
      id: p.id,
      label: name,
      detail: `${reference} · ${r.status}`,
      at: r.updated_at,
    });
    if (out.length === input.limit) break;
  }
  return out;
}
