/**
 * A decision's per-policy results (issue 24, fourth round). On the hot path `decide` keeps, for
 * each matching policy, only what conflict resolution and the agent's report read: the policy's
 * position, its action (a strength code) and the exception that applied (rare), and the
 * evidence of each condition slot that matched. The full `PolicyOutcome` of each policy — its explanation lines, evidence
 * copy, risk step, label — is built from those facts when `matched_policies` is first read (the
 * server's simulate route, the console's "why" view), never for a decision nobody explains.
 * Everything an outcome needs is captured here, so a later read gives what an eager build at
 * decision time gave (property test: engine/test/evaluate/decide-lazy.property.test.ts).
 */
import { ACTIONS, type Action, actionStrength } from '../policy/actions.js';
import { line } from './explain.js';
import type { PreparedPolicy } from './prepare.js';
import { scheduleActive, type ZoneMemo } from './schedule.js';
import type {
  AppliedException,
  ConditionEvidence,
  Decision,
  ExplanationLine,
  PolicyOutcome,
  RiskAssessment,
  RiskStepFired,
} from './types.js';

/** An action code in `MatchFacts.actions`: the action's strength, or this for none (suppressed). */
export const NO_ACTION = 255;

export type ExceptionResult = { applied: AppliedException; action: Action | null };

/** What a decision keeps of its matching policies, in priority order (the `matched_policies` order). */
export interface MatchFacts {
  readonly policies: readonly PreparedPolicy[];
  readonly count: number;
  /** Per match: the policy's position in `policies`. */
  readonly positions: readonly number[];
  /** Per match: the action's strength (`ACTIONS` index), or `NO_ACTION`. */
  readonly actions: readonly number[];
  /** Per match: the exception or approval that applied; null when none applied to any match. */
  readonly exceptions: readonly (ExceptionResult | null)[] | null;
  /**
   * The evidence of each condition slot (`PreparedPolicy.conditionSlot`) matched in the decision:
   * frozen entries shared by the policies of a slot, each outcome gets its own array of them.
   */
  readonly evidence: readonly (readonly ConditionEvidence[] | undefined)[];
  readonly offline: boolean;
  readonly nowMs: number;
  readonly risk: RiskAssessment | null;
  readonly zoneMemo: ZoneMemo;
}

/** The action of match `k`. */
export function actionAt(facts: MatchFacts, k: number): Action | null {
  const code = facts.actions[k]!;
  return code === NO_ACTION ? null : ACTIONS[code]!;
}

export function actionCode(action: Action | null): number {
  return action === null ? NO_ACTION : actionStrength(action);
}

// Lines with fixed text are shared, frozen objects: a decision is data and is never mutated.
const SCOPE_MATCHED: ExplanationLine = Object.freeze(line('scope.matched', 'every scoped dimension matched'));
const CONDITION_MATCHED: ExplanationLine = Object.freeze(
  line('condition.matched', 'the condition matched; the evidence lists each part evaluated'),
);

/** Frozen lines whose text follows from a key, one per key. */
function sharedLines<K>(make: (key: K) => ExplanationLine): (key: K) => ExplanationLine {
  const memo = new Map<K, ExplanationLine>();
  return (key) => {
    let l = memo.get(key);
    if (!l) {
      l = Object.freeze(make(key));
      memo.set(key, l);
    }
    return l;
  };
}

const scheduleLines = new Map<string, ExplanationLine>();
function scheduleLine(code: string, text: string): ExplanationLine {
  let l = scheduleLines.get(code);
  if (!l) {
    l = Object.freeze(line(code, text));
    scheduleLines.set(code, l);
  }
  return l;
}
const standingOnline = sharedLines((a: Action) => line('response.standing', `standing action ${a}`));
const standingOffline = sharedLines((a: Action) =>
  line('response.standing', `standing action ${a} (offline)`),
);

function riskText(r: RiskAssessment, step: RiskStepFired): string {
  const fired = step.at_or_above === null ? 'below every step' : `step at or above ${step.at_or_above}`;
  const moved = r.top_factors.map((f) => `${f.name} ${f.points > 0 ? '+' : ''}${f.points}`).join(', ');
  return `risk ${r.score} (${r.band}, model ${r.model_version}); ${fired} → ${step.action}; moved by ${moved || 'nothing'}`;
}

/** The risk step a policy without an applied exception fires, or null (no thresholds, no risk). */
export function riskStepOf(p: PreparedPolicy, risk: RiskAssessment | null): RiskStepFired | null {
  if (!p.risk_thresholds || !risk) return null;
  const step = p.stepsDesc.find((s) => risk.score >= s.at_or_above);
  return step
    ? { at_or_above: step.at_or_above, action: step.action }
    : { at_or_above: null, action: p.risk_thresholds.below };
}

/** The full outcome of match `k` (steps (b) and (c) written out). `riskLines` is per decision. */
export function outcomeAt(
  facts: MatchFacts,
  k: number,
  riskLines: Map<string, ExplanationLine>,
): PolicyOutcome {
  const p = facts.policies[facts.positions[k]!]!;
  const risk = facts.risk;
  const offlineStanding = facts.offline && !!p.offline_response;
  const standing: Action = offlineStanding ? p.offline_response! : p.response;
  const ex = facts.exceptions?.[k] ?? null;
  // Lines after the scope, schedule and condition lines: most often just one (`single`).
  let single: ExplanationLine;
  let more: ExplanationLine[] | null = null;
  let riskStep: RiskStepFired | null = null;
  if (ex) {
    single = line(
      'exception.applied',
      ex.applied.effect === 'suppress'
        ? `exception ${ex.applied.exception_id} suppresses the policy`
        : `exception ${ex.applied.exception_id} downgrades ${standing} to ${ex.action}`,
    );
    if (p.risk_thresholds)
      more = [single, line('risk.skipped_exception', 'risk thresholds skipped: an exception applied')];
  } else if (p.risk_thresholds) {
    if (!risk) {
      single = line('risk.not_scored', `nothing scored the event; standing action ${standing} applies`);
    } else {
      riskStep = riskStepOf(p, risk)!;
      const key = `${riskStep.at_or_above}:${riskStep.action}`;
      let known = riskLines.get(key);
      if (!known) {
        known = Object.freeze(line('risk.step', riskText(risk, riskStep)));
        riskLines.set(key, known);
      }
      single = known;
      if (risk.undetermined.length > 0) {
        more = [single];
        for (const u of risk.undetermined)
          more.push(line('risk.undetermined', `${u} could not be determined; scored at the midpoint`));
      }
    }
  } else {
    single = offlineStanding ? standingOffline(standing) : standingOnline(standing);
  }
  if (p.apply_label) {
    more ??= [single];
    more.push(line('label.requested', 'an additive label is requested; it does not change the action'));
  }
  let sched: ExplanationLine | null = null;
  if (p.schedule) {
    const s = scheduleActive(p.schedule, new Date(facts.nowMs), facts.zoneMemo);
    sched = scheduleLine(s.code, s.text);
  }
  const lines: ExplanationLine[] = more
    ? (sched ? [SCOPE_MATCHED, sched, CONDITION_MATCHED] : [SCOPE_MATCHED, CONDITION_MATCHED]).concat(more)
    : sched
      ? [SCOPE_MATCHED, sched, CONDITION_MATCHED, single]
      : [SCOPE_MATCHED, CONDITION_MATCHED, single];
  return {
    policy_id: p.policy_id,
    policy_number: p.policy_number,
    version: p.version,
    priority: p.priority,
    severity: p.severity,
    test: p.status === 'test',
    standing_action: standing,
    action: actionAt(facts, k),
    exception: ex ? ex.applied : null,
    risk_step: riskStep,
    label: p.apply_label
      ? { value: p.apply_label.value, replace_existing: p.apply_label.replace_existing ?? false }
      : null,
    raise_every_match: p.raise_every_match,
    evidence: facts.evidence[p.conditionSlot]!.slice(),
    explanation: lines,
  };
}

/** Every match's full outcome, in order. */
export function outcomesOf(facts: MatchFacts): PolicyOutcome[] {
  const riskLines = new Map<string, ExplanationLine>();
  const out = new Array<PolicyOutcome>(facts.count);
  for (let k = 0; k < facts.count; k++) out[k] = outcomeAt(facts, k, riskLines);
  return out;
}

/** What the agent reports of each matching policy (document 2, an event's `matched_policies`). */
export interface MatchedSummary {
  policy_id: string;
  version: number;
  severity: PolicyOutcome['severity'];
  action: Action | null;
  test: boolean;
  exception_id: string | null;
}

/** The decision's facts, kept under a non-enumerable key: not part of its JSON or its equality. */
const FACTS: unique symbol = Symbol('custos.decision.facts');
type WithFacts = Decision & { [FACTS]?: MatchFacts };

/** `matched_policies` read for the first time: built, then kept as a plain data property. */
function readMatched(this: WithFacts): PolicyOutcome[] {
  const outcomes = outcomesOf(this[FACTS]!);
  writeMatched.call(this, outcomes);
  return outcomes;
}

function writeMatched(this: Decision, value: PolicyOutcome[]): void {
  Object.defineProperty(this, 'matched_policies', {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/** The head of a decision, up to its explanation (the fields `decide` works out itself). */
export type DecisionHead = Omit<Decision, 'matched_policies' | 'risk' | 'evaluated_offline' | 'not_matched'>;

/**
 * Completes a decision in the field order of the eager one: `matched_policies` is an enumerable
 * accessor whose getter is one shared function (so every decision has the same hidden class),
 * built from `facts` when first read.
 */
export function completeDecision(
  head: DecisionHead,
  facts: MatchFacts,
  risk: RiskAssessment | null,
  offline: boolean,
  notMatched: Decision['not_matched'] | undefined,
): Decision {
  const d = head as WithFacts;
  Object.defineProperty(d, 'matched_policies', {
    get: readMatched,
    set: writeMatched,
    enumerable: true,
    configurable: true,
  });
  d.risk = risk;
  d.evaluated_offline = offline;
  if (notMatched) d.not_matched = notMatched;
  Object.defineProperty(d, FACTS, { value: facts });
  return d;
}

/**
 * The summary of each matching policy, in `matched_policies` order, read from the decision's
 * compact facts: no explanation or evidence is built. A decision that did not come from `decide`
 * in this process (a copy, a deserialised one) is read through its `matched_policies`.
 */
export function matchedSummaries(decision: Decision): MatchedSummary[] {
  const facts = (decision as WithFacts)[FACTS];
  if (!facts)
    return decision.matched_policies.map((p) => ({
      policy_id: p.policy_id,
      version: p.version,
      severity: p.severity,
      action: p.action,
      test: p.test,
      exception_id: p.exception?.exception_id ?? null,
    }));
  const out = new Array<MatchedSummary>(facts.count);
  for (let k = 0; k < facts.count; k++) {
    const p = facts.policies[facts.positions[k]!]!;
    out[k] = {
      policy_id: p.policy_id,
      version: p.version,
      severity: p.severity,
      action: actionAt(facts, k),
      test: p.status === 'test',
      exception_id: facts.exceptions?.[k]?.applied.exception_id ?? null,
    };
  }
  return out;
}
