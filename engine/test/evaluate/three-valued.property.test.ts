import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DecisionEvent, decide, preparePolicies } from '../../src/evaluate/index.js';
import type { ConditionNode } from '../../src/policy/index.js';
import { bundlePolicy, context, event, finding } from './fixtures.js';

/** Random condition trees over content leaves (unknown when not read) and context leaves (always known). */
const leaf: fc.Arbitrary<ConditionNode> = fc.constantFrom<ConditionNode>(
  { op: 'detector', detector_id: 'payment_card' },
  { op: 'category', category: 'financial' },
  { op: 'total_matches', min_matches: 1 },
  { op: 'always' },
  { op: 'file_condition', extensions: ['pdf'] },
  { op: 'file_condition', extensions: ['xlsx'] },
);

const tree = fc.letrec<{ node: ConditionNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ op: fc.constant('not' as const), node: tie('node') }),
    fc.record({
      op: fc.constantFrom('and' as const, 'or' as const),
      nodes: fc.array(tie('node'), { maxLength: 4 }),
    }),
    fc.array(tie('node'), { minLength: 1, maxLength: 4 }).chain((nodes) =>
      fc.record({
        op: fc.constant('at_least' as const),
        n: fc.integer({ min: 1, max: nodes.length }),
        nodes: fc.constant(nodes),
      }),
    ),
  ),
})).node;

function outcome(condition: ConditionNode, content: DecisionEvent['content']): string {
  const compiled = preparePolicies([bundlePolicy({ policy_id: 'p1', condition })], []);
  const d = decide(
    compiled,
    event({ content, file: { extension: 'pdf' } }),
    context({ explain_unmatched: true }),
  );
  return d.matched_policies.length === 1
    ? 'true'
    : d.not_matched![0]!.code === 'condition.false'
      ? 'false'
      : 'not_evaluated';
}

const NOT_READ = { status: 'not_read', reason: 'too_large' } as const;
const WITH_CARD = { status: 'read', findings: [finding('payment_card', 'financial', [{}])] } as const;
const EMPTY = { status: 'read', findings: [] } as const;

describe('three-valued conditions through decide (document 1, condition rule 2)', () => {
  it('property: a result known without the content stays the same whatever the content turns out to be', () => {
    fc.assert(
      fc.property(tree, (condition) => {
        const unknown = outcome(condition, NOT_READ);
        if (unknown === 'not_evaluated') return;
        expect(outcome(condition, WITH_CARD)).toBe(unknown);
        expect(outcome(condition, EMPTY)).toBe(unknown);
      }),
      { numRuns: 300 },
    );
  });

  it('property: content that was read never leaves a condition not_evaluated', () => {
    fc.assert(
      fc.property(tree, (condition) => {
        expect(outcome(condition, WITH_CARD)).not.toBe('not_evaluated');
        expect(outcome(condition, EMPTY)).not.toBe('not_evaluated');
      }),
      { numRuns: 300 },
    );
  });

  it('property: a tree of content leaves is not_evaluated on unread content, and so is its not', () => {
    fc.assert(
      fc.property(tree, (condition) => {
        // Only content leaves, and no empty and/or (those are the constants true and false).
        const json = JSON.stringify(condition);
        if (/"op":"(always|file_condition)"|"nodes":\[\]/.test(json)) return;
        expect(outcome(condition, NOT_READ)).toBe('not_evaluated');
        expect(outcome({ op: 'not', node: condition }, NOT_READ)).toBe('not_evaluated');
      }),
      { numRuns: 300 },
    );
  });
});
