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
  /**
   * Reused by each ranking: the keys and the order handed back. A typed array this size per
   * decision has its own off-heap store, and their churn makes V8 run full collections.
   */
  readonly keys: Float64Array;
  readonly order: Int32Array;
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
    keys: new Float64Array(policies.length),
    order: new Int32Array(policies.length),
  };
}

/**
 * The ranking order of `n` candidates given by their policies' positions and action strengths,
 * as indices into those arrays, winner first. The answer is a view of `ranks.order`, valid until
 * the next ranking.
 */
export function rankPositions(
  ranks: PolicyRanks,
  strategy: ConflictStrategy,
  positions: Int32Array,
  strengths: Uint8Array,
  n: number,
): Int32Array {
  const size = ranks.staticRank.length;
  const keys = ranks.keys.subarray(0, n);
  const scratch = ranks.scratch;
  for (let k = 0; k < n; k++) {
    const s = strengths[k]!;
    const i = positions[k]!;
    let unique: number;
    if (strategy === 'highest_priority') {
      unique = ranks.severityRank[i]!;
      keys[k] = ranks.priorityRank[i]! * 7 * size + (6 - s) * size + unique;
    } else {
      unique = ranks.staticRank[i]!;
      keys[k] = (strategy === 'most_restrictive' ? 6 - s : s) * size + unique;
    }
    scratch[unique] = k;
  }
  keys.sort();
  const order = ranks.order.subarray(0, n);
  for (let k = 0; k < n; k++) order[k] = scratch[keys[k]! % size]!;
  return order;
}

/** `rankCandidates` for candidates that carry their policy's position in the prepared bundle. */
export function rankByPosition<T extends ConflictCandidate & { position: number }>(
  ranks: PolicyRanks,
  strategy: ConflictStrategy,
  candidates: readonly T[],
): T[] {
  const order = rankPositions(
    ranks,
    strategy,
    Int32Array.from(candidates, (c) => c.position),
    Uint8Array.from(candidates, (c) => actionStrength(c.action)),
    candidates.length,
  );
  return Array.from(order, (k) => candidates[k]!);
}
