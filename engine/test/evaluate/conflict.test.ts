import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ConflictCandidate, resolveConflict } from '../../src/evaluate/index.js';
import {
  ACTIONS,
  actionStrength,
  CONFLICT_STRATEGIES,
  SEVERITIES,
  severityRank,
} from '../../src/policy/index.js';

const candidateArb = fc.record({
  policy_id: fc.uuid(),
  priority: fc.integer({ min: 0, max: 20 }),
  severity: fc.constantFrom(...SEVERITIES),
  action: fc.constantFrom(...ACTIONS),
  conflict_strategy: fc.constantFrom(...CONFLICT_STRATEGIES),
});
const listArb = fc.uniqueArray(candidateArb, { minLength: 1, maxLength: 12, selector: (c) => c.policy_id });

const c = (
  id: string,
  priority: number,
  action: ConflictCandidate['action'],
  over: Partial<ConflictCandidate> = {},
): ConflictCandidate => ({
  policy_id: id,
  priority,
  severity: 'medium',
  action,
  conflict_strategy: 'most_restrictive',
  ...over,
});

describe('conflict resolution (document 1, evaluation rule 2)', () => {
  it('takes the strategy from the highest-priority policy', () => {
    const r = resolveConflict([
      c('a', 1, 'inform', { conflict_strategy: 'highest_priority' }),
      c('b', 5, 'block'),
    ]);
    expect(r!.strategy).toBe('highest_priority');
    expect(r!.winner.policy_id).toBe('a');
    expect(r!.superseded.map((x) => x.policy_id)).toEqual(['b']);
  });

  it('most_restrictive: strongest action, ties by priority then severity', () => {
    expect(resolveConflict([c('a', 1, 'inform'), c('b', 5, 'quarantine')])!.winner.policy_id).toBe('b');
    expect(resolveConflict([c('a', 3, 'block'), c('b', 2, 'block')])!.winner.policy_id).toBe('b');
    expect(
      resolveConflict([
        c('a', 2, 'block', { severity: 'low' }),
        c('b', 2, 'block', { severity: 'critical' }),
      ])!.winner.policy_id,
    ).toBe('b');
  });

  it('highest_priority: lowest number, ties by action strength', () => {
    const hp = { conflict_strategy: 'highest_priority' } as const;
    expect(resolveConflict([c('a', 1, 'audit', hp), c('b', 2, 'block', hp)])!.winner.policy_id).toBe('a');
    expect(resolveConflict([c('a', 1, 'audit', hp), c('b', 1, 'block', hp)])!.winner.policy_id).toBe('b');
  });

  it('least_restrictive: weakest action, only when the top policy opted in', () => {
    const lr = { conflict_strategy: 'least_restrictive' } as const;
    expect(resolveConflict([c('a', 1, 'block', lr), c('b', 2, 'inform')])!.winner.policy_id).toBe('b');
  });

  it('a hard-block policy still wins over approval_required, whatever the strategy', () => {
    const lr = { conflict_strategy: 'least_restrictive' } as const;
    const r = resolveConflict([
      c('a', 1, 'approval_required', lr),
      c('b', 2, 'block'),
      c('c', 3, 'quarantine'),
    ])!;
    expect(r.winner.policy_id).toBe('b');
    expect(r.hardBlockWins).toBe(true);
    expect(r.superseded.map((x) => x.policy_id)).toEqual(['a', 'c']);
  });

  it('property: the winner plus superseded ids are exactly the candidates, each once', () => {
    fc.assert(
      fc.property(listArb, (list) => {
        const r = resolveConflict(list)!;
        const ids = [r.winner.policy_id, ...r.superseded.map((x) => x.policy_id)].sort();
        expect(ids).toEqual(list.map((x) => x.policy_id).sort());
      }),
    );
  });

  it('property: the outcome does not depend on the order candidates arrive in', () => {
    fc.assert(
      fc.property(
        listArb.chain((list) =>
          fc.tuple(
            fc.constant(list),
            fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
          ),
        ),
        ([list, shuffled]) => {
          const r1 = resolveConflict(list)!;
          const r2 = resolveConflict(shuffled)!;
          expect(r2.winner.policy_id).toBe(r1.winner.policy_id);
          expect(r2.superseded.map((x) => x.policy_id)).toEqual(r1.superseded.map((x) => x.policy_id));
        },
      ),
    );
  });

  it('property: each strategy picks an action no candidate beats under its own rule', () => {
    fc.assert(
      fc.property(listArb, (list) => {
        const r = resolveConflict(list)!;
        const top = [...list].sort(
          (a, b) => a.priority - b.priority || (a.policy_id < b.policy_id ? -1 : 1),
        )[0]!;
        expect(r.strategy).toBe(top.conflict_strategy);
        const w = r.winner;
        if (r.hardBlockWins) {
          expect(['block', 'quarantine']).toContain(w.action);
          return;
        }
        expect(
          list.some((x) => x.action === 'block' || x.action === 'quarantine') &&
            w.action === 'approval_required',
        ).toBe(false);
        for (const x of list) {
          if (r.strategy === 'most_restrictive') {
            expect(actionStrength(w.action)).toBeGreaterThanOrEqual(actionStrength(x.action));
            if (x.action === w.action) expect(w.priority).toBeLessThanOrEqual(x.priority);
            if (x.action === w.action && x.priority === w.priority)
              expect(severityRank(w.severity)).toBeGreaterThanOrEqual(severityRank(x.severity));
          } else if (r.strategy === 'highest_priority') {
            expect(w.priority).toBeLessThanOrEqual(x.priority);
            if (x.priority === w.priority)
              expect(actionStrength(w.action)).toBeGreaterThanOrEqual(actionStrength(x.action));
          } else {
            expect(actionStrength(w.action)).toBeLessThanOrEqual(actionStrength(x.action));
            if (x.action === w.action) expect(w.priority).toBeLessThanOrEqual(x.priority);
          }
        }
      }),
    );
  });
});
