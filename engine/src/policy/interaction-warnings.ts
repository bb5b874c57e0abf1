/**
 * Release warnings for actions that need the person at the endpoint (issue 26 item 5): a notice
 * (`inform`), a prompt on a held operation (`warn_with_continue`, `require_justification`) or a
 * hold until a reviewer decides (`approval_required`). Document 1 names `cannot_block` for block
 * and quarantine; these three kinds follow its pattern (docs/policy-model.md, Release warnings).
 * Whether an endpoint can carry an action is the evaluator's own clamp rule (`channelSupports`),
 * so the warning predicts exactly what the endpoints will do.
 */
import { channelSupports } from '../evaluate/clamp.js';
import type { ChannelCapabilityReport } from '../evaluate/types.js';
import { ACTIONS, type Action, actionStrength } from './actions.js';
import type { BundlePolicy } from './bundle-payload.js';

export type InteractionWarningKind = 'cannot_notify' | 'cannot_prompt' | 'cannot_hold';

/** The need each interactive action has of an endpoint; block and quarantine are `cannot_block`'s. */
const NEED: Readonly<Partial<Record<Action, { kind: InteractionWarningKind; what: string }>>> = {
  inform: { kind: 'cannot_notify', what: 'show a notice' },
  warn_with_continue: { kind: 'cannot_prompt', what: 'hold the operation and ask to continue' },
  require_justification: { kind: 'cannot_prompt', what: 'hold the operation and ask for a reason' },
  approval_required: { kind: 'cannot_hold', what: 'hold the operation until a reviewer approves' },
};

/**
 * Actions a bundle requires as endpoint features (bundle/compile-policy.ts `requiredCapabilities`):
 * an endpoint without the feature is not reduced, it is withheld the bundle.
 */
const FEATURE_GATED: ReadonlySet<Action> = new Set<Action>(['warn_with_continue', 'approval_required']);

const KIND_ORDER: readonly InteractionWarningKind[] = ['cannot_notify', 'cannot_prompt', 'cannot_hold'];

export interface InteractionEndpoint {
  channels: Readonly<Record<string, ChannelCapabilityReport>>;
  features?: readonly string[];
}

export interface InteractionWarning {
  kind: InteractionWarningKind;
  /** The policy's actions the endpoints cannot carry. */
  values: string[];
  message: string;
}

/** Every action the policy can take: standing and offline response, risk steps, exception downgrades. */
function policyActions(policy: BundlePolicy): Set<Action> {
  const out = new Set<Action>([policy.response]);
  if (policy.offline_response) out.add(policy.offline_response);
  if (policy.risk_thresholds) {
    out.add(policy.risk_thresholds.below);
    for (const s of policy.risk_thresholds.steps) out.add(s.action);
  }
  for (const e of policy.exceptions) if (e.downgrade_to) out.add(e.downgrade_to);
  return out;
}

/** Observed channels of one endpoint that the policy applies to (all, when it names none). */
function relevantChannels(e: InteractionEndpoint, scoped: readonly string[]): ChannelCapabilityReport[] {
  const names = scoped.length > 0 ? scoped : Object.keys(e.channels);
  const out: ChannelCapabilityReport[] = [];
  for (const n of names) {
    const c = e.channels[n];
    if (n !== 'cloud_storage' && c?.observe) out.push(c);
  }
  return out;
}

function someoneCarries(
  action: Action,
  fleet: readonly InteractionEndpoint[],
  scoped: readonly string[],
): boolean {
  return fleet.some((e) =>
    relevantChannels(e, scoped).some((c) => channelSupports(action, c, e.features ?? [])),
  );
}

/** The strongest weaker action some active endpoint can carry where the policy applies. */
function reducedTo(action: Action, fleet: readonly InteractionEndpoint[], scoped: readonly string[]): Action {
  for (let i = actionStrength(action) - 1; i > 0; i -= 1)
    if (someoneCarries(ACTIONS[i]!, fleet, scoped)) return ACTIONS[i]!;
  return 'audit';
}

/**
 * One warning per need no active endpoint can meet on a channel the policy applies to. Channels
 * nobody observes are `channel_unobservable`'s, and cloud_storage is read by the server, so with
 * no observed channel in scope nothing is said here.
 */
export function interactionWarnings(
  policy: BundlePolicy,
  fleet: readonly InteractionEndpoint[],
): InteractionWarning[] {
  const scoped = policy.scope.channels ?? [];
  if (!fleet.some((e) => relevantChannels(e, scoped).length > 0)) return [];
  const missing = new Map<InteractionWarningKind, Action[]>();
  for (const action of [...policyActions(policy)].sort((a, b) => actionStrength(a) - actionStrength(b))) {
    const need = NEED[action];
    if (!need || someoneCarries(action, fleet, scoped)) continue;
    missing.set(need.kind, [...(missing.get(need.kind) ?? []), action]);
  }
  return KIND_ORDER.filter((k) => missing.has(k)).map((kind) => {
    const actions = missing.get(kind)!;
    const parts = actions.map((a) =>
      FEATURE_GATED.has(a) && !fleet.some((e) => e.features?.includes(a))
        ? `no active endpoint advertises ${a}, so none of them is sent a bundle that uses it (upgrade_required)`
        : `${a} is reduced to ${reducedTo(a, fleet, scoped)} (needs to ${NEED[a]!.what})`,
    );
    return {
      kind,
      values: actions,
      message: `no active endpoint can carry this where the policy applies: ${parts.join('; ')}`,
    };
  });
}
