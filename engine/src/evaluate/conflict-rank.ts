/**
 * Conflict ranking without a comparator (issue 24, decision speed). `rankCandidates` sorts
 * candidate objects with a comparison function, ~10 comparisons per candidate; with hundreds of
 * matching policies that was a tenth of a decision. Every key but the action is fixed per policy,
 * so `prepare` numbers the policies once in the two static orders a strategy needs, and a
 * decision ranks its candidates by sorting plain numbers (a typed-array sort, no callbacks):
 *
 * - most_restrictive: strength ↓, then (priority ↑, severity ↓, id ↑) → `(6 − s)·N + staticRank`
 * - least_restrictive: strength ↑, then the same → `s·N + staticRank`
 * - highest_priority: priority ↑, strength ↓, then (severity ↓, id ↑) →
 *   `priorityRank·7N + (6 − s)·N + severityRank`
 *
 * Each key ends in a rank unique to the policy, so keys are distinct and the candidate is read
 * back from the key's remainder. The order is exactly `rankCandidates`' (property test:
 * engine/test/evaluate/conflict-rank.property.test.ts).
 */
import { actionStrength, severityRank } from '../policy/actions.js';
import type { ConflictStrategy } from '../policy/policy-types.js';
import type { ConflictCandidate } from './conflict.js';

export interface PolicyRanks {
  /** per position: rank by (priority ↑, severity ↓, id ↑) */
  readonly staticRank: Int32Array;
  /** per position: dense rank of the priority */
  readonly priorityRank: Int32Array;
  /** per position: rank by (severity ↓, id ↑) */
  readonly severityRank: Int32Array;
  /** reused by each ranking: candidate index by its key's remainder */
  readonly scratch: Int32Array;
}

interface RankedPolicy {
  priority: number;
  severity: ConflictCandidate['severity'];
  policy_id: string;
}

const byId = (a: RankedPolicy, b: RankedPolicy): number =>
  a.policy_id < b.policy_id ? -1 : a.policy_id > b.policy_id ? 1 : 0;

function ranksOf(order: number[]): Int32Array {
  const rank = new Int32Array(order.length);
  order.forEach((position, r) => {
    rank[position] = r;
  });
  return rank;
}

export function policyRanks(policies: readonly RankedPolicy[]): PolicyRanks {
  const positions = policies.map((_, i) => i);
  const sev = (i: number) => severityRank(policies[i]!.severity);
  const staticOrder = [...positions].sort(
    (a, b) =>
      policies[a]!.priority - policies[b]!.priority || sev(b) - sev(a) || byId(policies[a]!, policies[b]!),
  );
  const severityOrder = [...positions].sort((a, b) => sev(b) - sev(a) || byId(policies[a]!, policies[b]!));
  const distinct = [...new Set(policies.map((p) => p.priority))].sort((a, b) => a - b);
  const dense = new Map(distinct.map((p, r) => [p, r]));
  return {
    staticRank: ranksOf(staticOrder),
    priorityRank: Int32Array.from(policies, (p) => dense.get(p.priority)!),
    severityRank: ranksOf(severityOrder),
    scratch: new Int32Array(policies.length),
  };
}

/** `rankCandidates` for candidates that carry their policy's position in the prepared bundle. */
export function rankByPosition<T extends ConflictCandidate & { position: number }>(
  ranks: PolicyRanks,
  strategy: ConflictStrategy,
  candidates: readonly T[],
): T[] {
  const n = ranks.staticRank.length;
  const keys = new Float64Array(candidates.length);
  const scratch = ranks.scratch;
  for (let k = 0; k < candidates.length; k++) {
    const c = candidates[k]!;
    const s = actionStrength(c.action);
    const i = c.position;
    let unique: number;
    if (strategy === 'highest_priority') {
      unique = ranks.severityRank[i]!;
      keys[k] = ranks.priorityRank[i]! * 7 * n + (6 - s) * n + unique;
    } else {
      unique = ranks.staticRank[i]!;
      keys[k] = (strategy === 'most_restrictive' ? 6 - s : s) * n + unique;
    }
    scratch[unique] = k;
  }
  keys.sort();
  const out = new Array<T>(candidates.length);
  for (let k = 0; k < keys.length; k++) out[k] = candidates[scratch[keys[k]! % n]!]!;
  return out;
}
