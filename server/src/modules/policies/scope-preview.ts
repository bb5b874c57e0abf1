import { isWholeCompanyScope, type Scope, type TypedTarget } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { type AgentSummary, findAgent, findAgentGroup, listActiveAgents } from '../agents/public.js';
import { domainVerification } from '../directory-sources/public.js';
import { ACTIVE_WINDOW_MS } from './release-check.js';

const MAX_UNRESOLVED = 50;

export type IneligibleReason =
  | 'platform_not_in_scope'
  | 'endpoint_not_targeted'
  | 'endpoint_group_not_targeted'
  | 'excluded';

/**
 * Resolves a scope's typed targets once and answers, per endpoint, the first reason it is left
 * out (in document 1's order) or null when the scope reaches it.
 */
export async function scopeClassifier(db: Kysely<Database>, tenantId: string, scope: Scope) {
  const includes = scope.include_targets ?? [];
  const excludes = scope.exclude_targets ?? [];
  const unresolved: { kind: string; object_id: string }[] = [];
  const groupNames = new Map<string, string>();
  const check = async (t: TypedTarget) => {
    if (t.kind === 'endpoint_group') {
      const g = await findAgentGroup(db, tenantId, t.object_id);
      if (g && !g.retired_at) groupNames.set(t.object_id, g.name.toLowerCase());
      else unresolved.push({ kind: t.kind, object_id: t.object_id });
    } else if (t.kind === 'endpoint') {
      if (!(await findAgent(db, tenantId, t.object_id)))
        unresolved.push({ kind: t.kind, object_id: t.object_id });
    }
  };
  for (const t of [...includes, ...excludes]) await check(t);
  const deviceTargets = new Set([
    ...(scope.device_ids ?? []),
    ...includes.filter((t) => t.kind === 'endpoint').map((t) => t.object_id),
  ]);
  const groupTargets = new Set([
    ...(scope.agent_groups ?? []).map((g) => g.toLowerCase()),
    ...includes.flatMap((t) =>
      t.kind === 'endpoint_group' && groupNames.has(t.object_id) ? [groupNames.get(t.object_id)!] : [],
    ),
  ]);
  const excludedDevices = new Set(excludes.filter((t) => t.kind === 'endpoint').map((t) => t.object_id));
  const excludedGroups = new Set(
    excludes.flatMap((t) =>
      t.kind === 'endpoint_group' && groupNames.has(t.object_id) ? [groupNames.get(t.object_id)!] : [],
    ),
  );
  const oses = (scope.operating_systems ?? []).map((o) => o.toLowerCase());
  const classify = (a: Pick<AgentSummary, 'id' | 'os' | 'group_name'>): IneligibleReason | null => {
    const group = a.group_name?.toLowerCase() ?? null;
    const byDevice = deviceTargets.has(a.id);
    const byGroup = group !== null && groupTargets.has(group);
    if (oses.length > 0 && !oses.includes(a.os.toLowerCase())) return 'platform_not_in_scope';
    if (deviceTargets.size > 0 && !byDevice && !(groupTargets.size > 0 && byGroup))
      return groupTargets.size > 0 ? 'endpoint_group_not_targeted' : 'endpoint_not_targeted';
    if (deviceTargets.size === 0 && groupTargets.size > 0 && !byGroup) return 'endpoint_group_not_targeted';
    if (excludedDevices.has(a.id) || (group !== null && excludedGroups.has(group))) return 'excluded';
    return null;
  };
  return { classify, unresolved, oses, includes, excludes };
}

/**
 * `POST /policies/scope-preview` (document 1): how many active endpoints a scope reaches and why
 * the others are left out (first reason in the spec's order), counts only, never names of people.
 */
export async function scopePreview(db: Kysely<Database>, tenantId: string, scope: Scope, now: Date) {
  const active = await listActiveAgents(db, tenantId, { since: new Date(now.getTime() - ACTIVE_WINDOW_MS) });
  const { classify, unresolved, oses, includes, excludes } = await scopeClassifier(db, tenantId, scope);
  const ineligible: Record<IneligibleReason, number> = {
    platform_not_in_scope: 0,
    endpoint_not_targeted: 0,
    endpoint_group_not_targeted: 0,
    excluded: 0,
  };
  let eligible = 0;
  for (const a of active) {
    const reason = classify(a);
    if (reason) ineligible[reason]++;
    else eligible++;
  }
  const directoryTargets = [...includes, ...excludes].filter((t) => t.kind === 'directory_group');
  const domains = [
    ...new Set(
      directoryTargets.flatMap((t) => (t.source.type === 'windows_directory' ? [t.source.domain_sid] : [])),
    ),
  ].sort();
  return {
    eligible_endpoints: eligible,
    active_endpoints: active.length,
    ineligible,
    whole_fleet: isWholeCompanyScope(scope) && oses.length === 0,
    ...(directoryTargets.length > 0 || (scope.groups ?? []).length > 0
      ? { user_membership: 'unknown' as const }
      : {}),
    unresolved_targets: unresolved.slice(0, MAX_UNRESOLVED),
    // Read from the stored directory-source rows (docs/directory-sources.md, Scope preview).
    directories: await domainVerification(db, tenantId, domains, now),
  };
}

/**
 * The counts a `policy.published` audit entry records (document 1, Events: `resolved_scope` for
 * the whole tenant): how many of the tenant's active endpoints the released scope reaches, the
 * first reason for each one left out, whether it is the whole fleet and whether membership of
 * named directory groups is unknown. Counts only, never names.
 */
export async function resolvedScope(db: Kysely<Database>, tenantId: string, scope: Scope, now: Date) {
  const p = await scopePreview(db, tenantId, scope, now);
  return {
    eligible_endpoints: p.eligible_endpoints,
    active_endpoints: p.active_endpoints,
    ineligible: p.ineligible,
    whole_fleet: p.whole_fleet,
    user_membership_unknown: p.user_membership === 'unknown',
    unresolved_targets: p.unresolved_targets.length,
  };
}
