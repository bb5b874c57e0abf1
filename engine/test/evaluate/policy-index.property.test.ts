/**
 * Issue 24: the decision index changes nothing. For random bundles (channels, endpoint and group
 * scopes, statuses, departments, schedules, condition trees with detector, category and
 * classification leaves) and random events, `decide` with the
 * index gives the same decision, deeply, as a linear walk over every policy.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DecisionContext,
  type DecisionEvent,
  decide,
  type PreparedBundle,
  preparePolicies,
} from '../../src/evaluate/index.js';
import { DecisionMemo } from '../../src/evaluate/memo.js';
import type { PolicyIndex } from '../../src/evaluate/policy-index.js';
import type { BundlePolicy, ClassificationDefinition, ConditionNode } from '../../src/policy/index.js';
import { bundlePolicy, context, finding } from './fixtures.js';

const CHANNELS = ['removable_storage', 'browser_upload', 'print', 'clipboard'] as const;
const DETECTORS = [
  ['payment_card', 'financial'],
  ['iban', 'financial'],
  ['email', 'contact'],
  ['tr_tckn', 'national_id'],
] as const;

const element = (detector_id: string) => ({
  element_id: detector_id,
  detector_id,
  min_matches: 1,
  min_confidence: 0,
  require_validated: false,
});
const rule = (rule_id: string, detectors: string[], min_elements?: number) => ({
  rule_id,
  name: rule_id,
  elements: detectors.map(element),
  ...(min_elements === undefined ? {} : { min_elements }),
});
/** Classifications whose rules need every element, some of them, or share one detector. */
const CLASSIFICATIONS: ClassificationDefinition[] = [
  { classification_id: 'pair', rules: [rule('r', ['payment_card', 'iban'])] },
  { classification_id: 'either', rules: [rule('r', ['payment_card', 'email'], 1)] },
  {
    classification_id: 'shared',
    rules: [rule('a', ['email', 'iban']), rule('b', ['email', 'tr_tckn']), rule('none', [])],
  },
].map((c) => ({ ...c, classification_version: 1, revision: 1, name: c.classification_id }));

const leaf: fc.Arbitrary<ConditionNode> = fc.oneof(
  fc.constantFrom(...DETECTORS.map(([id]) => ({ op: 'detector' as const, detector_id: id }))),
  fc.constantFrom<ConditionNode>(
    { op: 'category', category: 'financial' },
    { op: 'total_matches', min_matches: 2 },
    { op: 'always' },
    { op: 'detector', detector_id: 'payment_card', min_matches: 2 },
    { op: 'category', category: 'contact', min_matches: 2 },
  ),
  fc.constantFrom(
    ...['pair', 'either', 'shared', 'missing'].map(
      (id): ConditionNode => ({
        op: 'classification',
        classification_id: id,
        classification_version: 1,
        revision: 1,
      }),
    ),
  ),
);

const condition = fc.letrec<{ node: ConditionNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.record({ op: fc.constant('not' as const), node: tie('node') }),
    fc.record({
      op: fc.constantFrom('and' as const, 'or' as const),
      nodes: fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
    }),
  ),
})).node;

const scope = fc.record(
  {
    channels: fc.subarray([...CHANNELS], { minLength: 1 }),
    device_ids: fc.subarray(['agent-1', 'agent-2'], { minLength: 1 }),
    exclude_device_ids: fc.subarray(['agent-1', 'agent-2'], { minLength: 1 }),
    agent_groups: fc.subarray(['finance', 'legal'], { minLength: 1 }),
    departments: fc.constant<string[]>(['Finance']),
    groups: fc.constant<string[]>(['S-1-5-21-1-2-3-1105']),
  },
  { requiredKeys: [] },
);

const policy = (i: number): fc.Arbitrary<BundlePolicy> =>
  fc
    .record({
      scope,
      condition,
      status: fc.constantFrom('published', 'published', 'published', 'test', 'disabled'),
      priority: fc.integer({ min: 1, max: 5 }),
      response: fc.constantFrom('audit', 'block', 'inform'),
      scheduled: fc.boolean(),
    })
    .map((r) =>
      bundlePolicy({
        policy_id: `p${i}`,
        scope: r.scope,
        condition: r.condition,
        status: r.status as BundlePolicy['status'],
        priority: r.priority,
        response: r.response as BundlePolicy['response'],
        schedule: r.scheduled
          ? { timezone: 'UTC', days_of_week: [1, 2, 3], start_minute: 0, end_minute: 720 }
          : null,
      }),
    );

const bundle = fc
  .integer({ min: 0, max: 40 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => policy(i + 1))));

const decisionEvent: fc.Arbitrary<DecisionEvent> = fc
  .record({
    channel: fc.constantFrom(...CHANNELS),
    read: fc.boolean(),
    found: fc.subarray([...DETECTORS]),
  })
  .map(({ channel, read, found }) => ({
    channel,
    content: read
      ? { status: 'read', findings: found.map(([id, cat]) => finding(id, cat, [{}, { validated: false }])) }
      : { status: 'not_read', reason: 'too_large' },
  })) as fc.Arbitrary<DecisionEvent>;

const decisionContext: fc.Arbitrary<DecisionContext> = fc
  .record({
    device: fc.constantFrom('agent-1', 'agent-2', 'agent-3'),
    group: fc.constantFrom('finance', 'legal', undefined),
  })
  .map(({ device, group }) =>
    context({ device: { id: device, os: 'windows', ...(group ? { agent_group: group } : {}) } }),
  );

/** The same bundle with an index that admits every policy: decide() then walks them all. */
function linear(compiled: PreparedBundle): PreparedBundle {
  const n = compiled.policies.length;
  const index: PolicyIndex = {
    anyChannel: Int32Array.from({ length: n }, (_, i) => i),
    byChannel: new Map(),
    requires: compiled.policies.map(() => []),
    requiresCategories: compiled.policies.map(() => []),
    never: new Uint8Array(n),
  };
  return { ...compiled, index };
}

/**
 * The same bundle with every policy in a slot of its own: nothing is shared through the
 * per-decision memo (src/evaluate/memo.ts), each condition and scope is worked out afresh.
 */
function unshared(compiled: PreparedBundle): PreparedBundle {
  const n = compiled.policies.length;
  return {
    ...linear(compiled),
    policies: compiled.policies.map((p, i) => ({ ...p, conditionSlot: i, scopeSlot: i })),
    memo: new DecisionMemo(n, n),
  };
}

describe('decision index (issue 24)', () => {
  it('decides exactly as a linear walk over every policy', () => {
    fc.assert(
      fc.property(bundle, decisionEvent, decisionContext, (policies, ev, ctx) => {
        const compiled = preparePolicies(policies, CLASSIFICATIONS);
        expect(decide(compiled, ev, ctx)).toEqual(decide(linear(compiled), ev, ctx));
      }),
      { numRuns: 400 },
    );
  });

  it('decides exactly as without the memo shared by equal conditions and scopes', () => {
    fc.assert(
      fc.property(
        bundle,
        fc.array(fc.tuple(decisionEvent, decisionContext), { minLength: 1, maxLength: 3 }),
        (policies, runs) => {
          const compiled = preparePolicies(policies, CLASSIFICATIONS);
          const reference = unshared(compiled);
          // Several decisions in a row on one bundle: nothing of one may leak into the next.
          for (const [ev, ctx] of runs) {
            expect(decide(compiled, ev, ctx)).toEqual(decide(reference, ev, ctx));
            expect(decide(compiled, ev, { ...ctx, explain_unmatched: true })).toEqual(
              decide(reference, ev, { ...ctx, explain_unmatched: true }),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps a classification policy whose rule needs only some of its detectors', () => {
    // Ten certain misses first, so that the index decides about the policies after them.
    const misses = Array.from({ length: 10 }, (_, i) =>
      bundlePolicy({
        policy_id: `m${i}`,
        priority: 1,
        condition: { op: 'detector', detector_id: 'tr_tckn' },
      }),
    );
    const classified = (id: string): BundlePolicy =>
      bundlePolicy({
        policy_id: `z-${id}`,
        priority: 5,
        condition: { op: 'classification', classification_id: id, classification_version: 1, revision: 1 },
      });
    const compiled = preparePolicies([...misses, classified('either'), classified('pair')], CLASSIFICATIONS);
    const ev: DecisionEvent = {
      channel: 'print',
      content: { status: 'read', findings: [finding('email', 'contact', [{}])] },
    };
    const d = decide(compiled, ev, context());
    expect(d.matched_policies.map((m) => m.policy_id)).toEqual(['z-either']);
    expect(d).toEqual(decide(linear(compiled), ev, context()));
    expect(compiled.index.requires[11]).toEqual(['payment_card', 'iban']);
  });

  it('skips policies: a bundle of 1,000 policies on other channels costs only its first misses', () => {
    const policies = Array.from({ length: 1000 }, (_, i) =>
      bundlePolicy({ policy_id: `p${i + 1}`, priority: i, scope: { channels: ['print'] } }),
    );
    const compiled = preparePolicies(policies, []);
    const ev: DecisionEvent = { channel: 'clipboard', content: { status: 'read', findings: [] } };
    const d = decide(compiled, ev, context());
    expect(d.outcome).toBe('no_match');
    expect(d.explanation.at(-1)?.text).toBe('995 more policies did not match');
    expect(d).toEqual(decide(linear(compiled), ev, context()));
  });
});
