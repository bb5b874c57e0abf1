/**
 * The eager decision builder as it stood before issue 24's fourth round: every matching policy's
 * full outcome (explanation, evidence) built on the hot path. Kept as the reference the lazy
 * `decide` is held deeply equal to (decide-lazy.property.test.ts) and as the "before" of the
 * decision benchmark. Not used by the product.
 */

import { clampAction } from '../../src/evaluate/clamp.js';
import { type ConditionInput, conditionInput } from '../../src/evaluate/condition.js';
import { type ConflictCandidate, resolveConflict } from '../../src/evaluate/conflict.js';
import { rankByPosition } from '../../src/evaluate/conflict-rank.js';
import { applyExceptions, approvalFor } from '../../src/evaluate/exceptions.js';
import { line } from '../../src/evaluate/explain.js';
import { candidatePolicies } from '../../src/evaluate/policy-index.js';
import type { PreparedBundle, PreparedPolicy } from '../../src/evaluate/prepare.js';
import { assessRisk } from '../../src/evaluate/risk.js';
import { scheduleActive } from '../../src/evaluate/schedule.js';
import type {
  ConditionEvidence,
  Decision,
  DecisionContext,
  DecisionEvent,
  ExplanationLine,
  PolicyOutcome,
  RiskAssessment,
  RiskStepFired,
  UnmatchedPolicy,
} from '../../src/evaluate/types.js';
import { type Action, actionStrength } from '../../src/policy/actions.js';

/** A no-match decision explains its first five misses, one line each; the rest are counted. */
const MISS_LINES = 5;

// Lines with fixed text are shared, frozen objects: a decision is data and is never mutated.
const SCOPE_MATCHED: ExplanationLine = Object.freeze(line('scope.matched', 'every scoped dimension matched'));
const CONDITION_MATCHED: ExplanationLine = Object.freeze(
  line('condition.matched', 'the condition matched; the evidence lists each part evaluated'),
);

type Candidate = ConflictCandidate & { position: number; outcome: PolicyOutcome };

type Stage1 =
  | { ok: true; scheduleLine: ExplanationLine | null; evidence: ConditionEvidence[] }
  | { ok: false; miss: UnmatchedPolicy | null };

/**
 * The answer of `passes` for a match, refilled for each matching policy and read at once by
 * `outcomeOf` (decide is synchronous): a decision with hundreds of matches allocates none.
 */
const MATCH: Extract<Stage1, { ok: true }> = { ok: true, scheduleLine: null, evidence: [] };

/** A miss whose explanation nobody will read: no object is built for it. */
const UNWRITTEN: Stage1 = Object.freeze({ ok: false, miss: null });

/** Schedule lines: the text follows from the code, so one frozen line per code is shared. */
const SCHEDULE_LINES = new Map<string, ExplanationLine>();
function sharedLine(code: string, text: string): ExplanationLine {
  let l = SCHEDULE_LINES.get(code);
  if (!l) {
    l = Object.freeze(line(code, text));
    SCHEDULE_LINES.set(code, l);
  }
  return l;
}

/** `standing action …` per action and offline flag. */
const STANDING = new Map<Action, ExplanationLine>();
const STANDING_OFFLINE = new Map<Action, ExplanationLine>();
function standingLine(standing: Action, offline: boolean): ExplanationLine {
  const memo = offline ? STANDING_OFFLINE : STANDING;
  let l = memo.get(standing);
  if (!l) {
    l = Object.freeze(line('response.standing', `standing action ${standing}${offline ? ' (offline)' : ''}`));
    memo.set(standing, l);
  }
  return l;
}

function miss(id: string, stage: UnmatchedPolicy['stage'], code: string, text: string): Stage1 {
  return { ok: false, miss: { policy_id: id, stage, code, text } };
}

/**
 * Step (a): scope, status, schedule, condition — in that order. `explain` false: the caller
 * only counts a miss, so none is written out.
 */
function passes(
  p: PreparedPolicy,
  event: DecisionEvent,
  ctx: DecisionContext,
  input: ConditionInput,
  prepared: PreparedBundle,
  explain: boolean,
): Stage1 {
  const memo = prepared.memo;
  const scope = memo.scope(p.scopeSlot, p.scope, event, ctx);
  if (!scope.matched) return explain ? miss(p.policy_id, 'scope', scope.code, scope.text) : UNWRITTEN;
  const now = ctx.now.getTime();
  if (!p.inForce) return explain ? miss(p.policy_id, 'status', 'status.inactive', 'not in force') : UNWRITTEN;
  if (p.effectiveFrom !== null && now < p.effectiveFrom)
    return explain ? miss(p.policy_id, 'status', 'status.not_yet_effective', 'not yet in force') : UNWRITTEN;
  if (p.effectiveUntil !== null && now >= p.effectiveUntil)
    return explain ? miss(p.policy_id, 'status', 'status.expired', 'no longer in force') : UNWRITTEN;
  let scheduleLine: ExplanationLine | null = null;
  if (p.schedule) {
    const s = scheduleActive(p.schedule, ctx.now, prepared.zoneMemo);
    if (!s.active) return explain ? miss(p.policy_id, 'schedule', s.code, s.text) : UNWRITTEN;
    scheduleLine = sharedLine(s.code, s.text);
  }
  // First the value alone: most policies do not match, and only a match needs its parts.
  const value = memo.value(p.conditionSlot, p, input);
  if (value !== 'true') {
    if (!explain) return UNWRITTEN;
    return value === 'not_evaluated'
      ? miss(p.policy_id, 'condition', 'condition.not_evaluated', 'the condition could not be evaluated')
      : miss(p.policy_id, 'condition', 'condition.false', 'the condition did not match');
  }
  MATCH.scheduleLine = scheduleLine;
  MATCH.evidence = memo.evidenceOf(p.conditionSlot, p, input);
  return MATCH;
}

function riskText(r: RiskAssessment, step: RiskStepFired): string {
  const fired = step.at_or_above === null ? 'below every step' : `step at or above ${step.at_or_above}`;
  const moved = r.top_factors.map((f) => `${f.name} ${f.points > 0 ? '+' : ''}${f.points}`).join(', ');
  return `risk ${r.score} (${r.band}, model ${r.model_version}); ${fired} → ${step.action}; moved by ${moved || 'nothing'}`;
}

/** Steps (b) and (c) for one matched policy. */
function outcomeOf(
  prepared: PreparedBundle,
  p: PreparedPolicy,
  stage: Extract<Stage1, { ok: true }>,
  event: DecisionEvent,
  ctx: DecisionContext,
  risk: RiskAssessment | null,
): PolicyOutcome {
  const spec = p;
  const standing: Action = ctx.offline && spec.offline_response ? spec.offline_response : spec.response;
  // Lines after the scope, schedule and condition lines: most often just one (`single`); the
  // array is built once at its final length (a push onto a short literal array reserves room
  // for many more, and a decision may hold hundreds of outcomes).
  let single: ExplanationLine | null = null;
  let more: ExplanationLine[] | null = null;
  let action: Action | null = standing;
  let riskStep: RiskStepFired | null = null;
  const ex =
    approvalFor(spec.policy_id, standing, ctx) ?? applyExceptions(p.exceptions, standing, event, ctx);
  if (ex) {
    action = ex.action;
    single = line(
      'exception.applied',
      ex.applied.effect === 'suppress'
        ? `exception ${ex.applied.exception_id} suppresses the policy`
        : `exception ${ex.applied.exception_id} downgrades ${standing} to ${ex.action}`,
    );
    if (spec.risk_thresholds)
      more = [single, line('risk.skipped_exception', 'risk thresholds skipped: an exception applied')];
  } else if (spec.risk_thresholds) {
    if (!risk) {
      single = line('risk.not_scored', `nothing scored the event; standing action ${standing} applies`);
    } else {
      const step = p.stepsDesc.find((s) => risk.score >= s.at_or_above);
      const fired: RiskStepFired = step
        ? { at_or_above: step.at_or_above, action: step.action }
        : { at_or_above: null, action: spec.risk_thresholds.below };
      riskStep = fired;
      action = fired.action;
      const strength = actionStrength(fired.action);
      const known = prepared.memo.riskLine(fired.at_or_above, strength);
      if (known) single = known;
      else {
        single = line('risk.step', riskText(risk, fired));
        prepared.memo.setRiskLine(fired.at_or_above, strength, single);
      }
      if (risk.undetermined.length > 0) {
        more = [single];
        for (const u of risk.undetermined)
          more.push(line('risk.undetermined', `${u} could not be determined; scored at the midpoint`));
      }
    }
  } else {
    single = standingLine(standing, !!(ctx.offline && spec.offline_response));
  }
  if (spec.apply_label) {
    more ??= [single];
    more.push(line('label.requested', 'an additive label is requested; it does not change the action'));
  }
  const sched = stage.scheduleLine;
  const lines: ExplanationLine[] = more
    ? (sched ? [SCOPE_MATCHED, sched, CONDITION_MATCHED] : [SCOPE_MATCHED, CONDITION_MATCHED]).concat(more)
    : sched
      ? [SCOPE_MATCHED, sched, CONDITION_MATCHED, single]
      : [SCOPE_MATCHED, CONDITION_MATCHED, single];
  return {
    policy_id: spec.policy_id,
    policy_number: spec.policy_number,
    version: spec.version,
    priority: spec.priority,
    severity: spec.severity,
    test: spec.status === 'test',
    standing_action: standing,
    action,
    exception: ex ? ex.applied : null,
    risk_step: riskStep,
    label: spec.apply_label
      ? { value: spec.apply_label.value, replace_existing: spec.apply_label.replace_existing ?? false }
      : null,
    raise_every_match: spec.raise_every_match,
    evidence: stage.evidence,
    explanation: lines,
  };
}

/**
 * Decides one event against a prepared bundle (`prepareBundle`), following document 1 "Evaluation
 * rules": (a) scope, status, schedule, condition; (b) exceptions; (c) risk thresholds, skipped
 * after an exception; (d) conflict resolution; (e) capability clamping, always last. Pure:
 * `ctx.now` is the clock.
 */
export function eagerDecide(prepared: PreparedBundle, event: DecisionEvent, ctx: DecisionContext): Decision {
  const input = conditionInput(event, ctx, prepared.classifications);
  prepared.memo.begin();
  const explainAll = ctx.explain_unmatched === true;
  const risk = ctx.risk ? assessRisk(ctx.risk, input.allFindings) : null;
  const matched: PolicyOutcome[] = [];
  const candidates: Candidate[] = [];
  const testCandidates: Candidate[] = [];
  const unmatched: UnmatchedPolicy[] = [];
  // The first few misses, kept for the explanation of a decision where nothing matched.
  const firstMisses: { number: number; miss: UnmatchedPolicy }[] = [];
  let misses = 0;
  const policies = prepared.policies;
  // Without explain_unmatched only the first misses are written out: once they are known, the
  // index skips the policies that cannot match (each a certain miss, only counted).
  // The index's answer as a list (candidatePolicies now fills a reused array).
  const found = new Int32Array(policies.length);
  const possible = ctx.explain_unmatched
    ? null
    : Array.from(
        found.subarray(
          0,
          candidatePolicies(
            prepared.index,
            policies,
            event,
            ctx,
            input.byDetector,
            input.byCategory,
            prepared.memo,
            found,
          ),
        ),
      );
  let next = 0;
  for (let i = 0; i < policies.length; i++) {
    if (possible && firstMisses.length >= MISS_LINES) {
      while (next < possible.length && possible[next]! < i) next++;
      const jump = next < possible.length ? possible[next]! : policies.length;
      misses += jump - i;
      i = jump;
      if (i >= policies.length) break;
    }
    const p = policies[i]!;
    const stage = passes(p, event, ctx, input, prepared, explainAll || firstMisses.length < MISS_LINES);
    if (!stage.ok) {
      misses += 1;
      if (stage.miss) {
        if (explainAll) unmatched.push(stage.miss);
        if (firstMisses.length < MISS_LINES) firstMisses.push({ number: p.policy_number, miss: stage.miss });
      }
      continue;
    }
    const outcome = outcomeOf(prepared, p, stage, event, ctx, risk);
    matched.push(outcome);
    if (outcome.action !== null) {
      (outcome.test ? testCandidates : candidates).push({
        policy_id: outcome.policy_id,
        priority: outcome.priority,
        severity: outcome.severity,
        action: outcome.action,
        conflict_strategy: p.conflict_strategy,
        position: i,
        outcome,
      });
    }
  }

  const explanation: ExplanationLine[] = [];
  const base = {
    matched_policies: matched,
    risk,
    evaluated_offline: ctx.offline === true,
    ...(ctx.explain_unmatched ? { not_matched: unmatched } : {}),
  };
  if (ctx.offline) explanation.push(line('decision.offline', 'evaluated without server context'));
  // A sandbox (test) policy never changes a production outcome: it takes part in conflict
  // resolution only when no published policy produced an action (document 1, "Sandbox").
  const pool = candidates.length > 0 ? candidates : testCandidates;
  if (candidates.length > 0 && testCandidates.length > 0)
    explanation.push(
      line('conflict.tests_apart', 'sandbox (test) policies were kept out of conflict resolution'),
    );
  const resolved = resolveConflict(pool, (strategy, list: readonly Candidate[]) =>
    rankByPosition(prepared.ranks, strategy, list),
  );
  if (!resolved) {
    const suppressed = matched.find((m) => m.exception !== null);
    explanation.unshift(
      matched.length === 0
        ? line('decision.no_match', 'no policy matched')
        : line('decision.suppressed', 'every matching policy was suppressed by an exception'),
    );
    if (matched.length === 0) {
      // Written only here: most events match nothing, but a matching one never pays for these lines.
      for (const { number, miss } of firstMisses)
        explanation.push(line(miss.code, `POL-${number}: ${miss.text}`));
      if (misses > firstMisses.length)
        explanation.push(
          line('decision.more_unmatched', `${misses - firstMisses.length} more policies did not match`),
        );
    }
    return {
      outcome: matched.length === 0 ? 'no_match' : 'suppressed',
      action: null,
      requested_action: null,
      decided_by_policy_id: null,
      superseded_policy_ids: [],
      conflict: null,
      exception_applied: suppressed?.exception
        ? { policy_id: suppressed.policy_id, ...suppressed.exception }
        : null,
      clamp: null,
      label: null,
      explanation,
      ...base,
    };
  }
  const winner = resolved.winner.outcome;
  const superseded = resolved.superseded.map((c) => c.policy_id);
  if (resolved.hardBlockWins)
    explanation.push(line('conflict.hard_block_wins', 'a hard-block policy wins over approval_required'));
  explanation.push(
    line(
      'conflict.resolved',
      `${resolved.strategy} (from POL-${resolved.strategyFrom.outcome.policy_number}) chose POL-${winner.policy_number} among ${pool.length} polic${pool.length === 1 ? 'y' : 'ies'}`,
    ),
  );
  if (winner.exception)
    explanation.push(line('exception.applied', `exception ${winner.exception.exception_id} applied`));
  if (risk) {
    explanation.push(
      line(
        'risk.scored',
        `risk ${risk.score} (${risk.band}, model ${risk.model_version})${winner.risk_step ? `; fired ${winner.risk_step.at_or_above === null ? 'below' : `step ${winner.risk_step.at_or_above}`}` : ''}`,
      ),
    );
  } else explanation.push(line('risk.not_scored', 'nothing scored the event'));
  const requested = winner.action as Action;
  const { action, clamp } = clampAction(requested, event.channel, ctx.capabilities);
  // Only a capability report (or the server-read cloud_storage channel) lets the explanation say
  // the action fits the endpoint; without one nothing is clamped and the line says so.
  explanation.push(
    clamp.limited
      ? line('clamp.reduced', clamp.limit as string)
      : ctx.capabilities || event.channel === 'cloud_storage'
        ? line('clamp.none', `${action} is within what the endpoint reports on channel ${event.channel}`)
        : line('clamp.unreported', `${action} is not clamped: no endpoint capability report was given`),
  );
  if (winner.label)
    explanation.push(line('label.requested', 'an additive label is requested; the action is unchanged'));
  return {
    outcome: 'action',
    action,
    requested_action: requested,
    decided_by_policy_id: winner.policy_id,
    superseded_policy_ids: superseded,
    conflict: {
      strategy: resolved.strategy,
      strategy_policy_id: resolved.strategyFrom.policy_id,
      winner_policy_id: winner.policy_id,
      candidates: pool.length,
    },
    exception_applied: winner.exception ? { policy_id: winner.policy_id, ...winner.exception } : null,
    clamp,
    label: winner.label ? { ...winner.label, policy_id: winner.policy_id } : null,
    explanation,
    ...base,
  };
}
