import {
  compileBundlePolicy,
  type EndpointCapabilityReport,
  isWholeCompanyScope,
  type PolicyVersion,
  type PolicyVersionInput,
  type ReleaseWarning,
  releaseWarnings,
  scopeHasExclusions,
  usesGovernedAction,
} from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { findAgentGroup, listActiveAgents } from '../agents/public.js';

/**
 * Whether releasing (or rolling back to) this version needs a second person, on the version alone
 * (document 1, States): the tenant's second-person rule, a releaser without policies:approve,
 * Block/Quarantine/ApprovalRequired anywhere, or a whole-company scope. A publish adds the
 * current coverage and overlap warnings.
 */
export function needsSecondPerson(
  secondPersonRule: boolean,
  canApprove: boolean,
  spec: PolicyVersionInput,
): boolean {
  return secondPersonRule || !canApprove || usesGovernedAction(spec) || isWholeCompanyScope(spec.scope);
}

/** An endpoint counts as active for release checks when seen within this window (docs/policies.md). */
export const ACTIVE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** An endpoint's reported capabilities, read defensively (the agent's JSON is stored as sent). */
export function capabilityReport(
  capabilities: Record<string, unknown>,
): EndpointCapabilityReport & { features: string[] } {
  const channels = capabilities['channels'];
  const attrs = capabilities['scope_attributes'];
  const features = capabilities['features'];
  return {
    channels:
      channels && typeof channels === 'object' ? (channels as EndpointCapabilityReport['channels']) : {},
    scope_attributes: Array.isArray(attrs) ? attrs.filter((a): a is string => typeof a === 'string') : [],
    features: Array.isArray(features) ? features.filter((a): a is string => typeof a === 'string') : [],
  };
}

/**
 * Release warnings computed from the capabilities the tenant's active endpoints report (document
 * 1, Errors), and the refusal of a release with an exclusion while an active endpoint lacks
 * `scope_exclusions` (409 with the count). With no active endpoint only the cloud_storage
 * warning is computed: there is no report to read and every other warning would be vacuous.
 */
export async function checkRelease(
  db: Kysely<Database>,
  tenantId: string,
  version: PolicyVersion,
  now: Date,
): Promise<ReleaseWarning[]> {
  const active = await listActiveAgents(db, tenantId, { since: new Date(now.getTime() - ACTIVE_WINDOW_MS) });
  const fleet = active.map((a) => capabilityReport(a.capabilities));
  const names = new Map<string, string | null>();
  for (const t of [
    ...(version.scope.include_targets ?? []),
    ...(version.scope.exclude_targets ?? []),
    ...(version.exceptions ?? []).flatMap((e) => [
      ...(e.scope.include_targets ?? []),
      ...(e.scope.exclude_targets ?? []),
    ]),
  ])
    if (t.kind === 'endpoint_group' && !names.has(t.object_id)) {
      const g = await findAgentGroup(db, tenantId, t.object_id);
      names.set(t.object_id, g && !g.retired_at ? g.name : null);
    }
  const shipped = compileBundlePolicy(version, {
    priority: 1,
    resolver: { endpointGroupName: (id) => names.get(id) ?? null },
  });
  if (scopeHasExclusions(shipped.scope) || shipped.exceptions.some((e) => scopeHasExclusions(e.scope))) {
    const lacking = fleet.filter((e) => !e.features.includes('scope_exclusions')).length;
    if (lacking > 0)
      throw new AppError(
        'policy.exclusions_unsupported',
        `${lacking} active endpoints lack scope_exclusions`,
        [
          {
            field: 'scope.exclude_targets',
            message: `${lacking} active endpoints lack the scope_exclusions capability`,
          },
        ],
      );
  }
  // The cloud_storage warning reads no endpoint report (the server reads cloud files), so it is
  // given even when no endpoint is active (document 1, Errors).
  if (fleet.length === 0)
    return releaseWarnings(shipped, []).filter((w) => w.kind === 'cloud_storage_audit_only');
  return releaseWarnings(shipped, fleet);
}
