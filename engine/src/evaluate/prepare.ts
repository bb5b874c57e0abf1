import type { BundlePayload, BundlePolicy } from '../policy/bundle-payload.js';
import { type ClassificationDefinition, coordinateKey } from '../policy/classification-types.js';
import { type PreparedException, prepareException } from './exceptions.js';
import { buildPolicyIndex, type PolicyIndex } from './policy-index.js';
import { type PreparedSchedule, prepareSchedule, type ZoneMemo } from './schedule.js';
import { type PreparedScope, prepareScope } from './scope.js';

export interface PreparedPolicy {
  spec: BundlePolicy;
  scope: PreparedScope;
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
  const prepared = specs
    .map(
      (spec): PreparedPolicy =>
        Object.freeze({
          spec,
          scope: Object.freeze(prepareScope(spec.scope)),
          schedule: spec.schedule ? Object.freeze(prepareSchedule(spec.schedule, zones)) : null,
          exceptions: Object.freeze(spec.exceptions.map((e) => Object.freeze(prepareException(e)))),
          effectiveFrom: spec.effective_from ? Date.parse(spec.effective_from) : null,
          effectiveUntil: spec.effective_until ? Date.parse(spec.effective_until) : null,
          stepsDesc: Object.freeze(
            [...(spec.risk_thresholds?.steps ?? [])].sort((a, b) => b.at_or_above - a.at_or_above),
          ),
        }),
    )
    .sort((a, b) => a.spec.priority - b.spec.priority || (a.spec.policy_id < b.spec.policy_id ? -1 : 1));
  const defs = new Map<string, ClassificationDefinition>();
  for (const c of deepFreeze(structuredClone([...classifications]))) defs.set(coordinateKey(c), c);
  return Object.freeze({
    bundle_version: bundleVersion,
    policies: Object.freeze(prepared),
    classifications: defs,
    index: buildPolicyIndex(prepared, defs),
    zoneMemo: new Map(),
  });
}

/** Compiles a verified bundle payload. */
export function prepareBundle(payload: BundlePayload): PreparedBundle {
  return preparePolicies(payload.policies, payload.classifications, payload.bundle_version);
}
