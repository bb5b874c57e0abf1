import { effectiveGroup, type PolicyVersionInput } from '@custos/engine';
import type { ServiceContext } from '../../service-context.js';
import { enforcementSince } from '../agent-events/public.js';
import { closedIncidentRecord } from '../incidents/public.js';
import { pendingDisablesWithRequester } from './disable-request-store.js';
import { mustFindPolicy } from './service.js';
import { listPolicies, listTenantVersions, listVersions } from './store.js';
import type { PoliciesTable, PolicyDisableRequestsTable, PolicyVersionsTable } from './tables.js';

/** `enforcement_7d` counts the events of the last seven days (document 1, Endpoints). */
export const ENFORCEMENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** The false-positive record counts once ten incidents are closed (document 2, Priority). */
export const RECORD_JUDGEABLE_AT = 10;
/** A judgeable record at or above this false-positive rate asks for the rule to be reviewed. */
export const RECORD_REVIEW_RATE = 0.25;

interface Figures {
  enforcement: Map<string, { events: number; reduced: number; incidents: number }>;
  record: Map<string, { closed: number; false_positives: number }>;
  disables: Map<string, PolicyDisableRequestsTable & { requester_email: string | null }>;
}

export function deploymentOf(
  policy: PoliciesTable,
  rows: PolicyVersionsTable[],
): 'switched_off' | 'awaiting_approval' | 'never_published' | 'changes_unpublished' | 'live' {
  const latest = rows.at(-1);
  const published = rows.find((r) => r.status === 'published');
  const pending = rows.some((r) => r.status === 'pending_approval');
  if (policy.disabled) return 'switched_off';
  if (pending) return 'awaiting_approval';
  if (!published) return 'never_published';
  return latest && latest.version > published.version ? 'changes_unpublished' : 'live';
}

function recordOf(r: { closed: number; false_positives: number } | undefined) {
  const closed = r?.closed ?? 0;
  const falsePositives = r?.false_positives ?? 0;
  const rate = closed >= RECORD_JUDGEABLE_AT ? Math.round((falsePositives / closed) * 1000) / 1000 : null;
  return {
    closed,
    false_positives: falsePositives,
    false_positive_rate: rate,
    needs_review: rate !== null && rate >= RECORD_REVIEW_RATE,
  };
}

function policyRow(policy: PoliciesTable, rows: PolicyVersionsTable[], figures: Figures) {
  const latest = rows.at(-1);
  const published = rows.find((r) => r.status === 'published');
  const pending = rows.find((r) => r.status === 'pending_approval');
  const spec = latest ? (JSON.parse(latest.spec) as PolicyVersionInput) : undefined;
  const disable = figures.disables.get(policy.id);
  return {
    id: policy.id,
    number: policy.number,
    display_number: `POL-${policy.number}`,
    name: spec?.name ?? '',
    severity: spec?.severity ?? 'low',
    group: policy.group_name,
    effective_group: effectiveGroup(policy.group_name ?? spec?.group, spec?.scope.channels),
    position: policy.position,
    disabled: policy.disabled === 1,
    latest_version: latest?.version ?? 0,
    published_version: published?.version ?? null,
    deployment: deploymentOf(policy, rows),
    enforcement_7d: figures.enforcement.get(policy.id) ?? { events: 0, reduced: 0, incidents: 0 },
    record: recordOf(figures.record.get(policy.id)),
    pending: pending
      ? { author: pending.created_by, submitter: pending.submitted_by, time: pending.updated_at }
      : null,
    pending_disable: disable
      ? {
          id: disable.id,
          version: disable.version,
          requested_by_id: disable.requested_by,
          requested_by: disable.requester_email,
          requested_at: disable.created_at,
          reason: disable.reason,
        }
      : null,
  };
}

async function figuresFor(ctx: ServiceContext, tenantId: string, policyIds: string[]): Promise<Figures> {
  const now = ctx.clock.now();
  const enforcement = await enforcementSince(
    ctx.db,
    tenantId,
    new Date(now.getTime() - ENFORCEMENT_WINDOW_MS),
  );
  const record = await closedIncidentRecord(ctx.db, tenantId);
  const pending = policyIds.length === 0 ? [] : await pendingDisablesWithRequester(ctx.db, tenantId);
  const disables = new Map<string, PolicyDisableRequestsTable & { requester_email: string | null }>();
  // The newest pending request is the one shown; older ones are superseded (document 1, States).
  for (const r of pending) disables.set(r.policy_id, r);
  return { enforcement, record, disables };
}

/**
 * `GET /policies` (document 1, Endpoints): every policy in list order with its deployment, the
 * last seven days of enforcement, its closed-incident record, the version waiting for approval
 * and the pending disable request.
 */
export async function listPolicyRows(ctx: ServiceContext, tenantId: string) {
  const policies = await listPolicies(ctx.db, tenantId);
  const versions = await listTenantVersions(ctx.db, tenantId);
  const figures = await figuresFor(
    ctx,
    tenantId,
    policies.map((p) => p.id),
  );
  const byPolicy = new Map<string, PolicyVersionsTable[]>();
  for (const v of versions) byPolicy.set(v.policy_id, [...(byPolicy.get(v.policy_id) ?? []), v]);
  return policies.map((p) =>
    policyRow(
      p,
      (byPolicy.get(p.id) ?? []).sort((a, b) => a.version - b.version),
      figures,
    ),
  );
}

/** `GET /policies/{id}`: the same row for one policy. */
export async function getPolicy(ctx: ServiceContext, tenantId: string, policyId: string) {
  const policy = await mustFindPolicy(ctx, tenantId, policyId);
  const rows = await listVersions(ctx.db, tenantId, policyId);
  return policyRow(policy, rows, await figuresFor(ctx, tenantId, [policy.id]));
}
