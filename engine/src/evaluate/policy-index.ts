/**
 * The decision index (issue 24): built once per bundle, it names the policies that can possibly
 * match an event, so a decision with many published policies evaluates only those. It is a
 * superset filter — a policy left out is one that `passes` would refuse for certain:
 * - its scope names channels and not the event's channel, or endpoints / endpoint groups that
 *   exclude this device, or departments (which never apply);
 * - its status is neither published nor test;
 * - its condition needs a detector or a category that reported nothing in this event, or the
 *   content was not read at all: a `detector` or `category` node, or a `classification` node
 *   (the detectors every rule of the classification needs), alone or under `and`.
 * decide() still walks every policy in priority order until it holds the explanation's first
 * misses, so decisions are identical to a linear walk (property test:
 * engine/test/evaluate/policy-index.property.test.ts).
 */
import { type ClassificationDefinition, coordinateKey } from '../policy/classification-types.js';
import type { ConditionNode } from '../policy/condition-types.js';
import type { DecisionMemo } from './memo.js';
import type { PreparedPolicy } from './prepare.js';
import type { DecisionContext, DecisionEvent } from './types.js';

export interface PolicyIndex {
  /** positions (priority order) of policies with no channel restriction */
  readonly anyChannel: Int32Array;
  /** positions of policies that admit the channel, wildcard ones merged in, ascending */
  readonly byChannel: ReadonlyMap<string, Int32Array>;
  /** per position: detectors the condition cannot match without */
  readonly requires: readonly (readonly string[])[];
  /** per position: finding categories the condition cannot match without */
  readonly requiresCategories: readonly (readonly string[])[];
  /** per position: the policy can never match (inactive status, department scope) */
  readonly never: Uint8Array;
}

/**
 * Detectors a classification cannot match without: those every rule needs (a rule needs all its
 * elements unless `min_elements` asks for fewer, and then it names no certain detector).
 */
function classificationNeeds(def: ClassificationDefinition): string[] {
  let common = null as Set<string> | null;
  for (const rule of def.rules) {
    if (rule.elements.length === 0) continue; // never matches: needs nothing of its own
    if ((rule.min_elements ?? rule.elements.length) < rule.elements.length) return [];
    const ids = new Set(rule.elements.map((e) => e.detector_id));
    common = common ? new Set([...common].filter((id) => ids.has(id))) : ids;
  }
  return common ? [...common] : [];
}

/** Detectors and categories without whose findings the condition cannot be true. */
function requirements(
  node: ConditionNode,
  classifications: ReadonlyMap<string, ClassificationDefinition>,
  detectors: Set<string>,
  categories: Set<string>,
): void {
  if (node.op === 'detector') detectors.add(node.detector_id);
  else if (node.op === 'category') categories.add(node.category);
  else if (node.op === 'classification') {
    const def = classifications.get(coordinateKey(node));
    if (def) for (const id of classificationNeeds(def)) detectors.add(id);
  } else if (node.op === 'and')
    for (const n of node.nodes) requirements(n, classifications, detectors, categories);
}

export function buildPolicyIndex(
  policies: readonly PreparedPolicy[],
  classifications: ReadonlyMap<string, ClassificationDefinition> = new Map(),
): PolicyIndex {
  const any: number[] = [];
  const channels = new Map<string, number[]>();
  const never = new Uint8Array(policies.length);
  const requires: string[][] = [];
  const requiresCategories: string[][] = [];
  policies.forEach((p, i) => {
    const req = new Set<string>();
    const cats = new Set<string>();
    requirements(p.spec.condition, classifications, req, cats);
    requires.push([...req]);
    requiresCategories.push([...cats]);
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
    requiresCategories: Object.freeze(requiresCategories.map((r) => Object.freeze(r))),
    never,
  });
}

/**
 * Writes into `out` the positions, ascending, of the policies that may match this event and
 * returns how many; every other policy is a certain miss. `reported` and `reportedCategories`
 * hold the detectors and categories with findings (null: content not read). `out` holds one
 * entry per policy (a decision reuses it: `DecisionMemo.scratch`).
 */
export function candidatePolicies(
  index: PolicyIndex,
  policies: readonly PreparedPolicy[],
  event: DecisionEvent,
  ctx: DecisionContext,
  reported: ReadonlyMap<string, unknown> | null,
  reportedCategories: ReadonlyMap<string, unknown> | null,
  memo: DecisionMemo,
  out: Int32Array,
): number {
  const list = index.byChannel.get(event.channel) ?? index.anyChannel;
  let count = 0;
  const device = ctx.device.id;
  const group = ctx.device.agent_group;
  for (let k = 0; k < list.length; k++) {
    const i = list[k]!;
    if (index.never[i] === 1) continue;
    const p = policies[i]!;
    // Policies sharing a scope or a condition share the answer (memo slots).
    let scopeOk = memo.scopePossible(p.scopeSlot);
    if (scopeOk === 0) {
      const scope = p.scope;
      const ok =
        !(scope.deviceIds && !scope.deviceIds.has(device)) &&
        !scope.excludeDeviceIds?.has(device) &&
        !(scope.agentGroups && !(group && scope.agentGroups.has(group)));
      memo.setScopePossible(p.scopeSlot, ok);
      scopeOk = ok ? 1 : 2;
    }
    if (scopeOk !== 1) continue;
    let conditionOk = memo.conditionPossible(p.conditionSlot);
    if (conditionOk === 0) {
      const ok =
        hasAll(index.requires[i]!, reported) && hasAll(index.requiresCategories[i]!, reportedCategories);
      memo.setConditionPossible(p.conditionSlot, ok);
      conditionOk = ok ? 1 : 2;
    }
    if (conditionOk === 1) out[count++] = i;
  }
  return count;
}

/** Every required name reported (nothing required: true; content not read: only then). */
function hasAll(required: readonly string[], reported: ReadonlyMap<string, unknown> | null): boolean {
  if (required.length === 0) return true;
  if (!reported) return false;
  for (const id of required) if (!reported.has(id)) return false;
  return true;
}
