import type { BundlePayload, BundlePolicy } from '../policy/bundle-payload.js';
import { type ClassificationDefinition, coordinateKey } from '../policy/classification-types.js';
import { type PolicyRanks, policyRanks } from './conflict-rank.js';
import { type PreparedException, prepareException } from './exceptions.js';
import { DecisionMemo } from './memo.js';
import { buildPolicyIndex, type PolicyIndex } from './policy-index.js';
import { type PreparedSchedule, prepareSchedule, type ZoneMemo } from './schedule.js';
import { type PreparedScope, prepareScope } from './scope.js';

/** The spec fields a matching policy's outcome reads, copied onto the prepared policy. */
type OutcomeFields = Pick<
  BundlePolicy,
  | 'policy_id'
  | 'policy_number'
  | 'version'
  | 'priority'
  | 'severity'
  | 'status'
  | 'response'
  | 'offline_response'
  | 'risk_thresholds'
  | 'apply_label'
  | 'raise_every_match'
  | 'conflict_strategy'
>;

/**
 * A policy prepared for decisions. The fields an outcome reads are copied from the spec onto
 * this object (issue 24: a decision with hundreds of matches reads them for each one, and the
 * prepared policies lie together in memory while the specs' fields are spread over their trees).
 */
export interface PreparedPolicy extends OutcomeFields {
  spec: BundlePolicy;
  scope: PreparedScope;
  /** Slots in the bundle's `memo`: policies with the same condition (or scope) share one. */
  conditionSlot: number;
  scopeSlot: number;
  /** Status published or test (read per decision without touching the spec). */
  inForce: boolean;
  schedule: PreparedSchedule | null;
  exceptions: readonly PreparedException[];
  effectiveFrom: number | null;
  effectiveUntil: number | null;
  /** Risk steps sorted by score, highest first. */
  stepsDesc: readonly { at_or_above: number; action: BundlePolicy['response'] }[];
}

/** A bundle prepared once for many decisions ("prepare once, evaluate many"). Frozen. */
export interface PreparedBundle {
  readonly bundle_version: number | null;
  readonly policies: readonly PreparedPolicy[];
  readonly classifications: ReadonlyMap<string, ClassificationDefinition>;
  /** Which policies can match an event, by channel, endpoint scope and required detectors. */
  readonly index: PolicyIndex;
  /** Local-time memo per schedule zone (see `scheduleActive`); the only mutable part, and it only caches. */
  readonly zoneMemo: ZoneMemo;
  /** Condition values and scope results within one decision (`memo.ts`); it only caches. */
  readonly memo: DecisionMemo;
  /** Static conflict-ranking orders of the policies (`conflict-rank.ts`). */
  readonly ranks: PolicyRanks;
}

/** Numbers each distinct value by its JSON text; equal texts share a slot (and a prepared form). */
function interner<V, T>(make: (value: V) => T): (value: V) => { slot: number; prepared: T } {
  const seen = new Map<string, { slot: number; prepared: T }>();
  return (value) => {
    const text = JSON.stringify(value);
    let entry = seen.get(text);
    if (!entry) {
      entry = { slot: seen.size, prepared: make(value) };
      seen.set(text, entry);
    }
    return entry;
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Compiles policies and classification definitions. Policies are kept in priority order (ties by
 * id), which is the order of `matched_policies` in every decision.
 */
export function preparePolicies(
  policies: readonly BundlePolicy[],
  classifications: readonly ClassificationDefinition[],
  bundleVersion: number | null = null,
): PreparedBundle {
  const zones = new Map<string, Intl.DateTimeFormat | null>();
  const specs = deepFreeze(structuredClone([...policies]));
  const conditions = interner((_: BundlePolicy['condition']) => null);
  const scopes = interner((scope: BundlePolicy['scope']) => Object.freeze(prepareScope(scope)));
  let conditionSlots = 0;
  let scopeSlots = 0;
  const prepared = specs
    .map((spec): PreparedPolicy => {
      const condition = conditions(spec.condition);
      const scope = scopes(spec.scope);
      conditionSlots = Math.max(conditionSlots, condition.slot + 1);
      scopeSlots = Math.max(scopeSlots, scope.slot + 1);
      return Object.freeze({
        spec,
        policy_id: spec.policy_id,
        policy_number: spec.policy_number,
        version: spec.version,
        priority: spec.priority,
        severity: spec.severity,
        status: spec.status,
        response: spec.response,
        offline_response: spec.offline_response,
        risk_thresholds: spec.risk_thresholds,
        apply_label: spec.apply_label,
        raise_every_match: spec.raise_every_match,
        conflict_strategy: spec.conflict_strategy,
        scope: scope.prepared,
        conditionSlot: condition.slot,
        scopeSlot: scope.slot,
        inForce: spec.status === 'published' || spec.status === 'test',
        schedule: spec.schedule ? Object.freeze(prepareSchedule(spec.schedule, zones)) : null,
        exceptions: Object.freeze(spec.exceptions.map((e) => Object.freeze(prepareException(e)))),
        effectiveFrom: spec.effective_from ? Date.parse(spec.effective_from) : null,
        effectiveUntil: spec.effective_until ? Date.parse(spec.effective_until) : null,
        stepsDesc: Object.freeze(
          [...(spec.risk_thresholds?.steps ?? [])].sort((a, b) => b.at_or_above - a.at_or_above),
        ),
      });
    })
    .sort((a, b) => a.spec.priority - b.spec.priority || (a.spec.policy_id < b.spec.policy_id ? -1 : 1));
  const defs = new Map<string, ClassificationDefinition>();
  for (const c of deepFreeze(structuredClone([...classifications]))) defs.set(coordinateKey(c), c);
  return Object.freeze({
    bundle_version: bundleVersion,
    policies: Object.freeze(prepared),
    classifications: defs,
    index: buildPolicyIndex(prepared, defs),
    zoneMemo: new Map(),
    memo: new DecisionMemo(conditionSlots, scopeSlots),
    ranks: policyRanks(prepared.map((p) => p.spec)),
  });
}

/** Compiles a verified bundle payload. */
export function prepareBundle(payload: BundlePayload): PreparedBundle {
  return preparePolicies(payload.policies, payload.classifications, payload.bundle_version);
}
