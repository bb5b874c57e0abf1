import { conditionBindings, type PolicyVersionInput } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PolicyForIncident } from '../../ports/policy-port.js';
import { findPolicy, listPolicies, listTenantVersions, listVersions } from './store.js';
import type { PoliciesTable, PolicyVersionsTable } from './tables.js';

export { checkLookupPermissions } from './lookup-permissions.js';
export { PolicyVersionSchema } from './response-schemas.js';
export {
  type CreateOrigin,
  compileTenant,
  createPolicy,
  type PolicyParts,
  releasedPolicies,
  shownStatus,
  versionProblems,
} from './service.js';
export type { PoliciesTable, PolicyVersionsTable } from './tables.js';

/**
 * What other modules may read about policies (server-modules contract). Consumers import only
 * from this file.
 */
export async function getPolicyForIncident(
  db: Kysely<Database>,
  tenantId: string,
  policyId: string,
): Promise<PolicyForIncident | undefined> {
  const policy = await findPolicy(db, tenantId, policyId);
  if (!policy) return undefined;
  const rows = await listVersions(db, tenantId, policyId);
  const published = rows.find((r) => r.status === 'published');
  const shown = published ?? rows.at(-1);
  if (!shown) return undefined;
  const spec = JSON.parse(shown.spec) as PolicyVersionInput;
  return {
    id: policy.id,
    number: policy.number,
    name: spec.name,
    severity: spec.severity,
    raise_every_match: spec.raise_every_match ?? false,
    published_version: published?.version ?? null,
    is_test: spec.sandbox === true,
  };
}

/**
 * Ids of live (published or pending) policies whose scope or exceptions name the endpoint group,
 * by legacy name or by typed target; used to refuse retiring the group.
 */
export async function policiesNamingAgentGroup(
  db: Kysely<Database>,
  tenantId: string,
  groupName: string,
  groupId?: string,
): Promise<string[]> {
  const key = groupName.toLowerCase();
  const live = (await listTenantVersions(db, tenantId)).filter(
    (r) => r.status === 'published' || r.status === 'pending_approval',
  );
  const out = new Set<string>();
  for (const r of live) {
    const spec = JSON.parse(r.spec) as PolicyVersionInput;
    const scopes = [spec.scope, ...(spec.exceptions ?? []).map((e) => e.scope)];
    for (const s of scopes) {
      if ((s.agent_groups ?? []).some((n) => n.toLowerCase() === key)) out.add(r.policy_id);
      for (const t of [...(s.include_targets ?? []), ...(s.exclude_targets ?? [])])
        if (t.kind === 'endpoint_group' && groupId !== undefined && t.object_id === groupId)
          out.add(r.policy_id);
    }
  }
  const order = new Map((await listPolicies(db, tenantId)).map((p) => [p.id, p.position]));
  return [...out].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/** Ids of the policies whose published or pending version binds the classification. */
export async function policiesBindingClassification(
  db: Kysely<Database>,
  tenantId: string,
  classificationId: string,
): Promise<string[]> {
  const live = (await listTenantVersions(db, tenantId)).filter(
    (r) => r.status === 'published' || r.status === 'pending_approval',
  );
  const bound = live.filter((r) =>
    conditionBindings((JSON.parse(r.spec) as PolicyVersionInput).condition).some(
      (b) => b.classification_id === classificationId,
    ),
  );
  return [...new Set(bound.map((r) => r.policy_id))];
}

/** One version of a policy of the tenant, with its policy; undefined when either is missing. */
export async function findPolicyVersion(
  db: Kysely<Database>,
  tenantId: string,
  policyId: string,
  version: number,
): Promise<{ policy: PoliciesTable; row: PolicyVersionsTable } | undefined> {
  const policy = await findPolicy(db, tenantId, policyId);
  if (!policy) return undefined;
  const row = (await listVersions(db, tenantId, policyId)).find((r) => r.version === version);
  return row ? { policy, row } : undefined;
}

/** Each policy of the tenant with the name of its latest version (for name clashes). */
export async function policyNames(
  db: Kysely<Database>,
  tenantId: string,
): Promise<{ id: string; number: number; name: string }[]> {
  const latest = new Map<string, PolicyVersionsTable>();
  for (const r of await listTenantVersions(db, tenantId)) {
    const seen = latest.get(r.policy_id);
    if (!seen || seen.version < r.version) latest.set(r.policy_id, r);
  }
  return (await listPolicies(db, tenantId)).flatMap((p) => {
    const r = latest.get(p.id);
    return r ? [{ id: p.id, number: p.number, name: (JSON.parse(r.spec) as PolicyVersionInput).name }] : [];
  });
}

// GET /search's policy kind (docs/search.md).
export { policySearchHits } from './search-hits.js';
