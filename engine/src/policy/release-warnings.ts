import { ACTIONS, type Action, actionStrength, HARD_BLOCK_ACTIONS } from './actions.js';
import type { BundlePolicy } from './bundle-payload.js';
import { type InteractionWarningKind, interactionWarnings } from './interaction-warnings.js';
import type { Scope } from './scope-types.js';

/** What the server knows of one active endpoint: its last capability matrix. */
export interface EndpointCapabilityReport {
  channels: Readonly<
    Record<string, { observe: boolean; block: boolean; notify: boolean; quarantine?: boolean }>
  >;
  /** Scope dimensions the endpoint's evaluator can fill (Windows agents report `user_groups`). */
  scope_attributes: readonly string[];
  /** Version-gated feature names (`warn_with_continue`, `approval_required`, …); absent = none. */
  features?: readonly string[];
}

export type ReleaseWarningKind =
  | 'scope_unevaluable'
  | 'exception_scope_unevaluable'
  | 'exception_scope_partial'
  | 'channel_unobservable'
  | 'cannot_block'
  | InteractionWarningKind
  | 'cloud_storage_audit_only';

/** A warning on release (not a refusal). `values` names scope values or channels, never people. */
export interface ReleaseWarning {
  kind: ReleaseWarningKind;
  values: string[];
  message: string;
  exception_id?: string;
}

/** The capability attribute an endpoint must report for a scope dimension to be evaluated. */
const ATTRIBUTE_OF: Readonly<Record<string, string>> = {
  departments: 'departments',
  channels: 'channels',
  operating_systems: 'operating_systems',
  destinations: 'destinations',
  sources: 'sources',
  applications: 'applications',
  user_ids: 'user_ids',
  groups: 'user_groups',
  exclude_groups: 'user_groups',
  device_ids: 'device_ids',
  exclude_device_ids: 'device_ids',
  agent_groups: 'agent_groups',
  exclude_agent_groups: 'agent_groups',
};

function usedAttributes(scope: Scope): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [dim, attr] of Object.entries(ATTRIBUTE_OF)) {
    const values = (scope as Record<string, unknown>)[dim];
    if (!Array.isArray(values) || values.length === 0) continue;
    // Group SIDs and names are directory data, not people; user ids are never echoed.
    const shown = dim === 'user_ids' ? [] : (values as string[]);
    out.set(attr, [...(out.get(attr) ?? []), ...shown]);
  }
  return out;
}

function reporters(fleet: readonly EndpointCapabilityReport[], attr: string): number {
  return fleet.filter((e) => e.scope_attributes.includes(attr)).length;
}

/** The strongest action an endpoint can carry on a channel it reports (see evaluate/clamp). */
function reducedTo(requested: Action, fleet: readonly EndpointCapabilityReport[]): Action {
  let best: Action = 'audit';
  for (const e of fleet) {
    for (const c of Object.values(e.channels)) {
      if (!c.observe) continue;
      const can: Action = c.block ? requested : c.notify ? 'inform' : 'audit';
      if (actionStrength(can) > actionStrength(best)) best = can;
    }
  }
  return ACTIONS[Math.min(actionStrength(best), actionStrength(requested))]!;
}

/**
 * Release warnings of document 1, Errors: `scope_unevaluable`, `exception_scope_unevaluable`,
 * `exception_scope_partial`, `channel_unobservable`, `cannot_block`, plus the warning on a
 * blocking policy scoped to cloud_storage, and `cannot_notify` / `cannot_prompt` / `cannot_hold` for
 * actions that need the person at the endpoint (interaction-warnings.ts). Computed from the active
 * endpoints' capability reports.
 */
export function releaseWarnings(
  policy: BundlePolicy,
  fleet: readonly EndpointCapabilityReport[],
): ReleaseWarning[] {
  const warnings: ReleaseWarning[] = [];
  for (const [attr, values] of usedAttributes(policy.scope)) {
    if (reporters(fleet, attr) === 0)
      warnings.push({
        kind: 'scope_unevaluable',
        values: [attr, ...values],
        message: `no active endpoint reports ${attr}; the policy cannot match on it`,
      });
  }
  for (const ex of policy.exceptions) {
    for (const [attr, values] of usedAttributes(ex.scope)) {
      const n = reporters(fleet, attr);
      if (n === 0)
        warnings.push({
          kind: 'exception_scope_unevaluable',
          values: [attr, ...values],
          exception_id: ex.id,
          message: `no active endpoint reports ${attr}; the exception cannot apply`,
        });
      else if (n < fleet.length)
        warnings.push({
          kind: 'exception_scope_partial',
          values: [attr, ...values],
          exception_id: ex.id,
          message: `only ${n} of ${fleet.length} active endpoints report ${attr}`,
        });
    }
  }
  const channels = policy.scope.channels ?? [];
  const unobservable = channels.filter(
    (ch) => ch !== 'cloud_storage' && !fleet.some((e) => e.channels[ch]?.observe),
  );
  if (unobservable.length > 0)
    warnings.push({
      kind: 'channel_unobservable',
      values: unobservable,
      message: 'no active endpoint observes these channels',
    });
  const hard = [policy.response, policy.offline_response].find(
    (a): a is Action => !!a && HARD_BLOCK_ACTIONS.has(a),
  );
  if (hard && channels.length === 0) {
    const canBlock = fleet.some((e) => Object.values(e.channels).some((c) => c.observe && c.block));
    if (!canBlock)
      warnings.push({
        kind: 'cannot_block',
        values: [],
        message: `no active endpoint can block anywhere it observes; ${hard} is reduced to ${reducedTo(hard, fleet)}`,
      });
  }
  warnings.push(...interactionWarnings(policy, fleet));
  if (hard && channels.includes('cloud_storage'))
    warnings.push({
      kind: 'cloud_storage_audit_only',
      values: ['cloud_storage'],
      message: 'cloud_storage is read by the server; its outcome is always audit',
    });
  return warnings;
}
