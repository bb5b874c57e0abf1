import { type Action, normalizeAction, type WireAction } from './actions.js';
import type { PolicyVersionInput } from './policy-types.js';
import type { Scope } from './scope-types.js';

/** Actions whose presence anywhere in a draft routes its release through a second person (document 1, States). */
export const GOVERNED_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'block',
  'quarantine',
  'approval_required',
]);

/** Every action a version can produce: response, offline response, risk steps and exception downgrades. */
export function actionsOf(
  v: Pick<PolicyVersionInput, 'response' | 'offline_response' | 'risk_thresholds' | 'exceptions'>,
): Action[] {
  const out = new Set<Action>();
  const add = (a: WireAction | null | undefined): void => {
    if (a) out.add(normalizeAction(a));
  };
  add(v.response);
  add(v.offline_response);
  add(v.risk_thresholds?.below);
  for (const s of v.risk_thresholds?.steps ?? []) add(s.action);
  for (const e of v.exceptions ?? []) add(e.downgrade_to);
  return [...out];
}

/** True when Block, Quarantine or ApprovalRequired appears anywhere in the version. */
export function usesGovernedAction(
  v: Pick<PolicyVersionInput, 'response' | 'offline_response' | 'risk_thresholds' | 'exceptions'>,
): boolean {
  return actionsOf(v).some((a) => GOVERNED_ACTIONS.has(a));
}

/**
 * Whole-company scope: no dimension narrows who or which endpoint the policy reaches (users,
 * groups, departments, devices, endpoint groups, include targets). Channel, destination, source
 * and application limits narrow the flow, not the people; exclusions alone still mean everyone
 * but the excluded.
 */
export function isWholeCompanyScope(scope: Scope): boolean {
  const narrows = [
    scope.user_ids,
    scope.groups,
    scope.departments,
    scope.device_ids,
    scope.agent_groups,
    scope.include_targets,
  ];
  return narrows.every((list) => !list || list.length === 0);
}
