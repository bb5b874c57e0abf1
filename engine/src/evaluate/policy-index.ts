/**
 * The decision index (issue 24): built once per bundle, it names the policies that can possibly
 * match an event, so a decision with many published policies evaluates only those. It is a
 * superset filter — a policy left out is one that `passes` would refuse for certain:
 * - its scope names channels and not the event's channel, or endpoints / endpoint groups that
 *   exclude this device, or departments (which never apply);
 * - its status is neither published nor test;
 * - its condition needs a detector (a `detector` node, alone or under `and`) that reported
 *   nothing in this event, or the content was not read at all.
 * decide() still walks every policy in priority order until it holds the explanation's first
 * misses, so decisions are identical to a linear walk (property test:
 * engine/test/evaluate/policy-index.property.test.ts).
 */
import type { ConditionNode } from '../policy/condition-types.js';
import type { PreparedPolicy } from './prepare.js';
import type { DecisionContext, DecisionEvent } from './types.js';

export interface PolicyIndex {
  /** positions (priority order) of policies with no channel restriction */
  readonly anyChannel: Int32Array;
  /** positions of policies that admit the channel, wildcard ones merged in, ascending */
  readonly byChannel: ReadonlyMap<string, Int32Array>;
  /** per position: detectors the condition cannot match without */
  readonly requires: readonly (readonly string[])[];
  /** per position: the policy can never match (inactive status, department scope) */
  readonly never: Uint8Array;
}

/** Detectors without whose findings the condition cannot be true. */
function requiredDetectors(node: ConditionNode, out: Set<string>): void {
  if (node.op === 'detector') out.add(node.detector_id);
  else if (node.op === 'and') for (const n of node.nodes) requiredDetectors(n, out);
}

export function buildPolicyIndex(policies: readonly PreparedPolicy[]): PolicyIndex {
  const any: number[] = [];
  const channels = new Map<string, number[]>();
  const never = new Uint8Array(policies.length);
  const requires: string[][] = [];
  policies.forEach((p, i) => {
    const req = new Set<string>();
    requiredDetectors(p.spec.condition, req);
    requires.push([...req]);
    if ((p.spec.status !== 'published' && p.spec.status !== 'test') || p.scope.departments) never[i] = 1;
    if (!p.scope.channels) any.push(i);
    else
      for (const c of p.scope.channels) {
        const list = channels.get(c);
        if (list) list.push(i);
        else channels.set(c, [i]);
      }
  });
  const byChannel = new Map<string, Int32Array>();
  for (const [c, list] of channels)
    byChannel.set(c, Int32Array.from([...list, ...any].sort((a, b) => a - b)));
  return Object.freeze({
    anyChannel: Int32Array.from(any),
    byChannel,
    requires: Object.freeze(requires.map((r) => Object.freeze(r))),
    never,
  });
}

/**
 * Positions, ascending, of the policies that may match this event; every other policy is a
 * certain miss. `reported` is the set of detectors with findings (null: content not read).
 */
export function candidatePolicies(
  index: PolicyIndex,
  policies: readonly PreparedPolicy[],
  event: DecisionEvent,
  ctx: DecisionContext,
  reported: ReadonlyMap<string, unknown> | null,
): number[] {
  const list = index.byChannel.get(event.channel) ?? index.anyChannel;
  const out: number[] = [];
  const device = ctx.device.id;
  const group = ctx.device.agent_group;
  outer: for (let k = 0; k < list.length; k++) {
    const i = list[k]!;
    if (index.never[i] === 1) continue;
    const scope = policies[i]!.scope;
    if (scope.deviceIds && !scope.deviceIds.has(device)) continue;
    if (scope.excludeDeviceIds?.has(device)) continue;
    if (scope.agentGroups && !(group && scope.agentGroups.has(group))) continue;
    const req = index.requires[i]!;
    if (req.length > 0) {
      if (!reported) continue;
      for (const id of req) if (!reported.has(id)) continue outer;
    }
    out.push(i);
  }
  return out;
}
