import { type Action, compareActions, weakerAction } from '../policy/actions.js';
import type { BundleException } from '../policy/bundle-payload.js';
import { matchScope, type PreparedScope, prepareScope } from './scope.js';
import type { AppliedException, DecisionContext, DecisionEvent } from './types.js';

export interface PreparedException {
  spec: BundleException;
  scope: PreparedScope;
  expiresAt: number | null;
}

export function prepareException(spec: BundleException): PreparedException {
  return {
    spec,
    scope: prepareScope(spec.scope),
    expiresAt: spec.expires_at ? Date.parse(spec.expires_at) : null,
  };
}

/**
 * Document 1, "Exceptions" and evaluation rule 1(b). An exception applies when it has not
 * expired and its (non-empty) scope matches; an empty scope is ignored. When several apply, the
 * one with the weakest result wins (suppression is weakest), ties by exception id, so the answer
 * never depends on the written order. A downgrade never strengthens the standing action.
 */
export function applyExceptions(
  exceptions: readonly PreparedException[],
  standing: Action,
  event: DecisionEvent,
  ctx: DecisionContext,
): { applied: AppliedException; action: Action | null } | null {
  let best: { applied: AppliedException; action: Action | null } | null = null;
  const now = ctx.now.getTime();
  // An indexed loop: called for every matching policy, most of which have no exception.
  for (let k = 0; k < exceptions.length; k++) {
    const ex = exceptions[k]!;
    if (ex.scope.empty) continue;
    if (ex.expiresAt !== null && !(now < ex.expiresAt)) continue;
    if (!matchScope(ex.scope, event, ctx).matched) continue;
    const down = ex.spec.downgrade_to;
    const action = down === null ? null : weakerAction(down, standing);
    const candidate = {
      applied: {
        exception_id: ex.spec.id,
        approved_by: ex.spec.approved_by,
        effect: down === null ? ('suppress' as const) : ('downgrade' as const),
        downgrade_to: action,
      },
      action,
    };
    if (!best) best = candidate;
    else {
      const rank = (a: Action | null): number => (a === null ? -1 : compareActions(a, 'audit'));
      const d = rank(candidate.action) - rank(best.action);
      if (d < 0 || (d === 0 && candidate.applied.exception_id < best.applied.exception_id)) best = candidate;
    }
  }
  return best;
}

/**
 * An approved exception request in force for this policy (`ctx.approvals`, verified by the
 * endpoint for this operation): the policy is lowered to audit, never raised. Expiry is read on
 * `ctx.now`, so an approval stops releasing at its `expires_at` exactly.
 */
export function approvalFor(
  policyId: string,
  standing: Action,
  ctx: DecisionContext,
): { applied: AppliedException; action: Action | null } | null {
  const now = ctx.now.getTime();
  const a = ctx.approvals?.find((x) => x.policy_id === policyId && now < Date.parse(x.expires_at));
  if (!a) return null;
  const action = weakerAction('audit', standing);
  return {
    applied: {
      exception_id: a.reference,
      approved_by: a.approved_by,
      effect: 'downgrade',
      downgrade_to: action,
    },
    action,
  };
}
