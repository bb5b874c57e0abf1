import { type Action, actionStrength } from '../policy/actions.js';
import { clampAction } from './clamp.js';
import { type ConditionInput, conditionInput } from './condition.js';
import { rankPositions } from './conflict-rank.js';
import { applyExceptions, approvalFor } from './exceptions.js';
import { line } from './explain.js';
import {
  actionCode,
  completeDecision,
  type ExceptionResult,
  type MatchFacts,
  NO_ACTION,
  outcomeAt,
} from './outcome.js';
import { candidatePolicies } from './policy-index.js';
import type { PreparedBundle, PreparedPolicy } from './prepare.js';
import { assessRisk } from './risk.js';
import { scheduleActive } from './schedule.js';
import type {
  Decision,
  DecisionContext,
  DecisionEvent,
  ExplanationLine,
  RiskAssessment,
  UnmatchedPolicy,
} from './types.js';

/** A no-match decision explains its first five misses, one line each; the rest are counted. */
const MISS_LINES = 5;

const ACTION_APPROVAL = actionStrength('approval_required');
const ACTION_BLOCK = actionStrength('block');
const ACTION_QUARANTINE = actionStrength('quarantine');

type Stage1 = { ok: true } | { ok: false; miss: UnmatchedPolicy | null };

const MATCH: Stage1 = Object.freeze({ ok: true });

/** A miss whose explanation nobody will read: no object is built for it. */
const UNWRITTEN: Stage1 = Object.freeze({ ok: false, miss: null });

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
  if (p.schedule) {
    const s = scheduleActive(p.schedule, ctx.now, prepared.zoneMemo);
    if (!s.active) return explain ? miss(p.policy_id, 'schedule', s.code, s.text) : UNWRITTEN;
  }
  // First the value alone: most policies do not match, and only a match needs its parts.
  const value = memo.value(p.conditionSlot, p, input);
  if (value !== 'true') {
    if (!explain) return UNWRITTEN;
    return value === 'not_evaluated'
      ? miss(p.policy_id, 'condition', 'condition.not_evaluated', 'the condition could not be evaluated')
      : miss(p.policy_id, 'condition', 'condition.false', 'the condition did not match');
  }
  return MATCH;
}

/** Steps (b) and (c) for one matched policy: the exception or approval that applies, if any. */
function exceptionOf(p: PreparedPolicy, event: DecisionEvent, ctx: DecisionContext): ExceptionResult | null {
  const standing: Action = ctx.offline && p.offline_response ? p.offline_response : p.response;
  const approved = ctx.approvals ? approvalFor(p.policy_id, standing, ctx) : null;
  if (approved) return approved;
  return p.exceptions.length > 0 ? applyExceptions(p.exceptions, standing, event, ctx) : null;
}

/** The action of a matched policy after its exception (b) or risk step (c). */
function actionOf(
  p: PreparedPolicy,
  ex: ExceptionResult | null,
  ctx: DecisionContext,
  risk: RiskAssessment | null,
) {
  if (ex) return ex.action;
  if (p.risk_thresholds && risk) {
    // riskStepOf without its answer object: a decision may hold hundreds of matches.
    const steps = p.stepsDesc;
    for (let s = 0; s < steps.length; s++) if (risk.score >= steps[s]!.at_or_above) return steps[s]!.action;
    return p.risk_thresholds.below;
  }
  return ctx.offline && p.offline_response ? p.offline_response : p.response;
}

/** The match index of the policy at `position` (matches are in position order). */
function matchIndex(facts: MatchFacts, position: number): number {
  let lo = 0;
  let hi = facts.count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (facts.positions[mid]! < position) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Decides one event against a prepared bundle (`prepareBundle`), following document 1 "Evaluation
 * rules": (a) scope, status, schedule, condition; (b) exceptions; (c) risk thresholds, skipped
 * after an exception; (d) conflict resolution; (e) capability clamping, always last. Pure:
 * `ctx.now` is the clock. Each matching policy's full outcome is built when `matched_policies`
 * is first read (`outcome.ts`); `matchedSummaries` reads what the agent reports without it.
 */
export function decide(prepared: PreparedBundle, event: DecisionEvent, ctx: DecisionContext): Decision {
  const input = conditionInput(event, ctx, prepared.classifications);
  const memo = prepared.memo;
  memo.begin();
  const explainAll = ctx.explain_unmatched === true;
  const risk = ctx.risk ? assessRisk(ctx.risk, input.allFindings) : null;
  const policies = prepared.policies;
  const scratch = memo.scratch(policies.length);
  let count = 0;
  let candidates = 0;
  let tests = 0;
  let anyException = false;
  const unmatched: UnmatchedPolicy[] = [];
  // The first few misses, kept for the explanation of a decision where nothing matched.
  const firstMisses: { number: number; miss: UnmatchedPolicy }[] = [];
  let misses = 0;
  // Without explain_unmatched only the first misses are written out: once they are known, the
  // index skips the policies that cannot match (each a certain miss, only counted).
  const possible = scratch.possible;
  const possibleCount = ctx.explain_unmatched
    ? -1
    : candidatePolicies(
        prepared.index,
        policies,
        event,
        ctx,
        input.byDetector,
        input.byCategory,
        memo,
        possible,
      );
  let next = 0;
  for (let i = 0; i < policies.length; i++) {
    if (possibleCount >= 0 && firstMisses.length >= MISS_LINES) {
      while (next < possibleCount && possible[next]! < i) next++;
      const jump = next < possibleCount ? possible[next]! : policies.length;
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
    const ex = exceptionOf(p, event, ctx);
    if (ex) anyException = true;
    const code = actionCode(actionOf(p, ex, ctx, risk));
    scratch.positions[count] = i;
    scratch.actions[count] = code;
    scratch.exceptions[count] = ex;
    memo.sharedEvidence(p.conditionSlot, p, input);
    count += 1;
    if (code === NO_ACTION) continue;
    if (p.status === 'test') {
      scratch.tests[tests] = i;
      scratch.testActions[tests++] = code;
    } else {
      scratch.candidates[candidates] = i;
      scratch.candidateActions[candidates++] = code;
    }
  }
  const facts: MatchFacts = {
    policies,
    count,
    positions: scratch.positions.slice(0, count),
    actions: scratch.actions.slice(0, count),
    exceptions: anyException ? (scratch.exceptions.slice(0, count) as (ExceptionResult | null)[]) : null,
    evidence: memo.evidenceBySlot(),
    offline: ctx.offline === true,
    nowMs: ctx.now.getTime(),
    risk,
    zoneMemo: prepared.zoneMemo,
  };
  const notMatched = ctx.explain_unmatched ? unmatched : undefined;
  const offline = ctx.offline === true;

  const explanation: ExplanationLine[] = [];
  if (ctx.offline) explanation.push(line('decision.offline', 'evaluated without server context'));
  // A sandbox (test) policy never changes a production outcome: it takes part in conflict
  // resolution only when no published policy produced an action (document 1, "Sandbox").
  const published = candidates > 0;
  const pool = published ? scratch.candidates : scratch.tests;
  const poolActions = published ? scratch.candidateActions : scratch.testActions;
  const poolSize = published ? candidates : tests;
  if (candidates > 0 && tests > 0)
    explanation.push(
      line('conflict.tests_apart', 'sandbox (test) policies were kept out of conflict resolution'),
    );
  if (poolSize === 0) {
    let suppressed = -1;
    if (facts.exceptions) suppressed = facts.exceptions.findIndex((e) => e !== null);
    const ex = suppressed >= 0 ? facts.exceptions![suppressed]!.applied : null;
    explanation.unshift(
      count === 0
        ? line('decision.no_match', 'no policy matched')
        : line('decision.suppressed', 'every matching policy was suppressed by an exception'),
    );
    if (count === 0) {
      // Written only here: most events match nothing, but a matching one never pays for these lines.
      for (const { number, miss } of firstMisses)
        explanation.push(line(miss.code, `POL-${number}: ${miss.text}`));
      if (misses > firstMisses.length)
        explanation.push(
          line('decision.more_unmatched', `${misses - firstMisses.length} more policies did not match`),
        );
    }
    return completeDecision(
      {
        outcome: count === 0 ? 'no_match' : 'suppressed',
        action: null,
        requested_action: null,
        decided_by_policy_id: null,
        superseded_policy_ids: [],
        conflict: null,
        exception_applied: ex
          ? { policy_id: policies[facts.positions[suppressed]!]!.policy_id, ...ex }
          : null,
        clamp: null,
        label: null,
        explanation,
      },
      facts,
      risk,
      offline,
      notMatched,
    );
  }
  // (d) The strategy comes from the highest-priority candidate (lowest number, ties by id): the
  // first in position order, as `prepare` sorts policies so.
  const strategyFrom = policies[pool[0]!]!;
  const strategy = strategyFrom.conflict_strategy;
  const order = rankPositions(prepared.ranks, strategy, pool, poolActions, poolSize);
  let hardBlockWins = false;
  if (ACTION_APPROVAL === poolActions[order[0]!]) {
    // An approval never releases what a block or quarantine policy stops (document 1).
    const h = order.findIndex((k) => poolActions[k] === ACTION_BLOCK || poolActions[k] === ACTION_QUARANTINE);
    if (h > 0) {
      const hard = order[h]!;
      order.copyWithin(1, 0, h);
      order[0] = hard;
      hardBlockWins = true;
    }
  }
  const winnerPolicy = policies[pool[order[0]!]!]!;
  const superseded = new Array<string>(poolSize - 1);
  for (let r = 1; r < poolSize; r++) superseded[r - 1] = policies[pool[order[r]!]!]!.policy_id;
  const winner = outcomeAt(facts, matchIndex(facts, pool[order[0]!]!), new Map());
  if (hardBlockWins)
    explanation.push(line('conflict.hard_block_wins', 'a hard-block policy wins over approval_required'));
  explanation.push(
    line(
      'conflict.resolved',
      `${strategy} (from POL-${strategyFrom.policy_number}) chose POL-${winnerPolicy.policy_number} among ${poolSize} polic${poolSize === 1 ? 'y' : 'ies'}`,
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
  return completeDecision(
    {
      outcome: 'action',
      action,
      requested_action: requested,
      decided_by_policy_id: winner.policy_id,
      superseded_policy_ids: superseded,
      conflict: {
        strategy,
        strategy_policy_id: strategyFrom.policy_id,
        winner_policy_id: winner.policy_id,
        candidates: poolSize,
      },
      exception_applied: winner.exception ? { policy_id: winner.policy_id, ...winner.exception } : null,
      clamp,
      label: winner.label ? { ...winner.label, policy_id: winner.policy_id } : null,
      explanation,
    },
    facts,
    risk,
    offline,
    notMatched,
  );
}
