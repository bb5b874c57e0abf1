/**
 * Issue 24: the comparator-free ranking used by decide (src/evaluate/conflict-rank.ts) orders
 * candidates exactly as `rankCandidates` does, for every strategy, with ties on priority,
 * severity and action.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { policyRanks, rankByPosition } from '../../src/evaluate/conflict-rank.js';
import { rankCandidates } from '../../src/evaluate/index.js';
import { ACTIONS, SEVERITIES } from '../../src/policy/actions.js';

const STRATEGIES = ['most_restrictive', 'highest_priority', 'least_restrictive'] as const;

const policy = fc.record({
  priority: fc.integer({ min: -3, max: 4 }),
  severity: fc.constantFrom(...SEVERITIES),
  id: fc.integer({ min: 0, max: 99 }),
});

describe('conflict ranking by position (issue 24)', () => {
  it('orders candidates as rankCandidates for every strategy', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(policy, { selector: (p) => p.id, minLength: 1, maxLength: 30 }),
        fc.array(fc.constantFrom(...ACTIONS), { minLength: 30, maxLength: 30 }),
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        fc.constantFrom(...STRATEGIES),
        (list, actions, chosen, strategy) => {
          const policies = list.map((p) => ({ ...p, policy_id: `p-${String(p.id).padStart(3, '0')}` }));
          const ranks = policyRanks(policies);
          const candidates = policies
            .map((p, position) => ({
              policy_id: p.policy_id,
              priority: p.priority,
              severity: p.severity,
              action: actions[position]!,
              conflict_strategy: strategy,
              position,
            }))
            .filter((c) => chosen[c.position]);
          expect(rankByPosition(ranks, strategy, candidates)).toEqual(rankCandidates(strategy, candidates));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
