import type { Action, Severity } from '../policy/actions.js';
import { actionStrength, severityRank } from '../policy/actions.js';
import type { ConflictStrategy } from '../policy/policy-types.js';

/** What conflict resolution reads from each policy that produced an action. */
export interface ConflictCandidate {
  policy_id: string;
  priority: number;
  severity: Severity;
  action: Action;
  conflict_strategy: ConflictStrategy;
}

function byId(a: ConflictCandidate, b: ConflictCandidate): number {
  return a.policy_id < b.policy_id ? -1 : a.policy_id > b.policy_id ? 1 : 0;
}

/** Order of candidates under a strategy, winner first (document 1, evaluation rule 2). */
export function rankCandidates<T extends ConflictCandidate>(
  strategy: ConflictStrategy,
  candidates: readonly T[],
): T[] {
  // Keys computed once per candidate rather than inside every comparison.
  const keyed = candidates.map((c) => ({ c, s: actionStrength(c.action), v: severityRank(c.severity) }));
  type K = (typeof keyed)[number];
  let cmp: (a: K, b: K) => number;
  switch (strategy) {
    case 'most_restrictive':
      // Strongest action; ties by priority, then severity.
      cmp = (a, b) => b.s - a.s || a.c.priority - b.c.priority || b.v - a.v;
      break;
    case 'highest_priority':
      // Lowest priority number; ties by action strength.
      cmp = (a, b) => a.c.priority - b.c.priority || b.s - a.s || b.v - a.v;
      break;
    case 'least_restrictive':
      // Weakest action (deliberate opt-in); ties by priority, then severity.
      cmp = (a, b) => a.s - b.s || a.c.priority - b.c.priority || b.v - a.v;
      break;
  }
  return keyed.sort((a, b) => cmp(a, b) || byId(a.c, b.c)).map((k) => k.c);
}

/**
 * Resolves conflicts: the strategy comes from the highest-priority policy (lowest number, ties
 * by id); the losers are the `superseded_policy_ids`, in ranking order. When the chosen action is
 * approval_required and a hard-block policy also matched, the hard block still wins (document 1,
 * "Response actions": an approval never releases what a block or quarantine policy stops).
 * `rank` orders the candidates as `rankCandidates` does (decide passes a faster equivalent).
 */
export function resolveConflict<T extends ConflictCandidate>(
  candidates: readonly T[],
  rank: (strategy: ConflictStrategy, candidates: readonly T[]) => T[] = rankCandidates,
): {
  winner: T;
  strategy: ConflictStrategy;
  strategyFrom: T;
  superseded: T[];
  hardBlockWins: boolean;
} | null {
  if (candidates.length === 0) return null;
  let top = candidates[0]!;
  for (const c of candidates) {
    if (c.priority < top.priority || (c.priority === top.priority && c.policy_id < top.policy_id)) top = c;
  }
  const ranked = rank(top.conflict_strategy, candidates);
  let hardBlockWins = false;
  if (ranked[0]!.action === 'approval_required') {
    const i = ranked.findIndex((c) => c.action === 'block' || c.action === 'quarantine');
    if (i > 0) {
      const [hard] = ranked.splice(i, 1);
      ranked.unshift(hard!);
      hardBlockWins = true;
    }
  }
  return {
    winner: ranked[0]!,
    strategy: top.conflict_strategy,
    strategyFrom: top,
    superseded: ranked.slice(1),
    hardBlockWins,
  };
}
