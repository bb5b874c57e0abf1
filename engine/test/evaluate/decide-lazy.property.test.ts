/**
 * Issue 24, fourth round: `decide` keeps compact per-policy facts and builds each matching
 * policy's outcome when `matched_policies` is first read. For random bundles (responses of every
 * strength, offline responses, exceptions that suppress or downgrade, approvals, risk thresholds,
 * labels, test policies, every conflict strategy, schedules) and random events and contexts, the
 * lazy decision is deeply equal to the eager reference (eager-decide.ts: the builder as it stood),
 * its JSON is byte-equal, reading it later (after more decisions on the same bundle) changes
 * nothing, and `matchedSummaries` equals the summaries read from the full outcomes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DecisionContext,
  type DecisionEvent,
  decide,
  matchedSummaries,
  preparePolicies,
} from '../../src/evaluate/index.js';
import { ACTIONS } from '../../src/policy/actions.js';
import type { BundlePolicy, ConditionNode } from '../../src/policy/index.js';
import { eagerDecide } from './eager-decide.js';
import { bundlePolicy, context, FULL_CAPS, finding } from './fixtures.js';

const CHANNELS = ['removable_storage', 'print', 'clipboard'] as const;
const DETECTORS = [
  ['payment_card', 'financial'],
  ['iban', 'financial'],
  ['email', 'contact'],
] as const;

const condition: fc.Arbitrary<ConditionNode> = fc.constantFrom<ConditionNode>(
  { op: 'detector', detector_id: 'payment_card' },
  { op: 'detector', detector_id: 'email' },
  { op: 'category', category: 'financial' },
  { op: 'always' },
  {
    op: 'and',
    nodes: [
      { op: 'detector', detector_id: 'iban' },
      { op: 'total_matches', min_matches: 2 },
    ],
  },
  {
    op: 'or',
    nodes: [
      { op: 'detector', detector_id: 'iban' },
      { op: 'network_location', any_of: ['off_network'] },
    ],
  },
);

const action = fc.constantFrom(...ACTIONS);

const exception = fc.record({
  id: fc.constantFrom('ex-a', 'ex-b'),
  approved_by: fc.constant('ciso@example.com'),
  expires_at: fc.constantFrom(null, '2020-01-01T00:00:00Z'),
  scope: fc.constantFrom({ device_ids: ['agent-1'] }, { device_ids: ['agent-2'] }, {}),
  downgrade_to: fc.constantFrom(null, 'audit', 'inform'),
}) as fc.Arbitrary<BundlePolicy['exceptions'][number]>;

const thresholds = fc.option(
  fc.record({
    below: action,
    steps: fc.uniqueArray(fc.record({ at_or_above: fc.integer({ min: 0, max: 100 }), action }), {
      selector: (s) => s.at_or_above,
      maxLength: 3,
    }),
  }),
) as fc.Arbitrary<BundlePolicy['risk_thresholds']>;

const policy = (i: number): fc.Arbitrary<BundlePolicy> =>
  fc
    .record({
      channels: fc.subarray([...CHANNELS], { minLength: 1 }),
      condition,
      status: fc.constantFrom('published', 'published', 'test', 'disabled'),
      priority: fc.integer({ min: 1, max: 4 }),
      severity: fc.constantFrom('low', 'medium', 'high', 'critical'),
      response: action,
      offline: fc.option(action),
      exceptions: fc.array(exception, { maxLength: 2 }),
      thresholds,
      label: fc.boolean(),
      strategy: fc.constantFrom('most_restrictive', 'highest_priority', 'least_restrictive'),
      scheduled: fc.boolean(),
      every: fc.boolean(),
    })
    .map((r) =>
      bundlePolicy({
        policy_id: `p${i}`,
        scope: { channels: r.channels },
        condition: r.condition,
        status: r.status as BundlePolicy['status'],
        priority: r.priority,
        severity: r.severity as BundlePolicy['severity'],
        response: r.response,
        offline_response: r.offline,
        exceptions: r.exceptions,
        risk_thresholds: r.thresholds,
        apply_label: r.label ? { value: 'Confidential', replace_existing: i % 2 === 0 } : null,
        conflict_strategy: r.strategy as BundlePolicy['conflict_strategy'],
        raise_every_match: r.every,
        schedule: r.scheduled
          ? { timezone: 'UTC', days_of_week: [0, 1, 2, 3], start_minute: 0, end_minute: 720 }
          : null,
      }),
    );

const bundle = fc
  .integer({ min: 0, max: 30 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => policy(i + 1))));

const decisionEvent: fc.Arbitrary<DecisionEvent> = fc
  .record({ channel: fc.constantFrom(...CHANNELS), found: fc.subarray([...DETECTORS]) })
  .map(({ channel, found }) => ({
    channel,
    content: {
      status: 'read',
      findings: found.map(([id, cat]) => finding(id, cat, [{}, { validated: false }])),
    },
  })) as fc.Arbitrary<DecisionEvent>;

const decisionContext: fc.Arbitrary<DecisionContext> = fc
  .record({
    device: fc.constantFrom('agent-1', 'agent-2'),
    offline: fc.boolean(),
    risk: fc.boolean(),
    caps: fc.boolean(),
    approval: fc.boolean(),
    explain: fc.boolean(),
  })
  .map((r) =>
    context({
      device: { id: r.device, os: 'windows', agent_group: 'finance' },
      ...(r.offline ? { offline: true } : {}),
      ...(r.risk
        ? { risk: { destination_trust: 'untrusted', application_managed: false, bypass_attempts: 1 } }
        : {}),
      ...(r.caps ? { capabilities: FULL_CAPS } : {}),
      ...(r.approval
        ? {
            approvals: [
              {
                policy_id: 'p2',
                reference: 'EXC-ABCD2345',
                approved_by: 'exception_request',
                expires_at: '2026-11-23T10:30:00Z',
              },
            ],
          }
        : {}),
      ...(r.explain ? { explain_unmatched: true } : {}),
    }),
  );

describe('lazy per-policy outcomes (issue 24, fourth round)', () => {
  it('decide equals the eager reference, in content and in JSON, read at once or later', () => {
    fc.assert(
      fc.property(
        bundle,
        fc.array(fc.tuple(decisionEvent, decisionContext), { minLength: 1, maxLength: 3 }),
        (policies, runs) => {
          const compiled = preparePolicies(policies, []);
          const reference = preparePolicies(policies, []);
          const lazy = runs.map(([ev, ctx]) => decide(compiled, ev, ctx));
          // Read after every decision of the run: nothing of a later decision leaks into an earlier one.
          runs.forEach(([ev, ctx], k) => {
            const eager = eagerDecide(reference, ev, ctx);
            const d = lazy[k]!;
            expect(matchedSummaries(d)).toEqual(
              eager.matched_policies.map((p) => ({
                policy_id: p.policy_id,
                version: p.version,
                severity: p.severity,
                action: p.action,
                test: p.test,
                exception_id: p.exception?.exception_id ?? null,
              })),
            );
            expect(d).toEqual(eager);
            expect(JSON.stringify(d)).toBe(JSON.stringify(eager));
            expect(d.matched_policies).toBe(d.matched_policies);
          });
        },
      ),
      { numRuns: 400 },
    );
  });

  it('summaries of a decision that did not come from decide are read from its outcomes', () => {
    const compiled = preparePolicies([bundlePolicy({ policy_id: 'p1' })], []);
    const ev: DecisionEvent = {
      channel: 'print',
      content: { status: 'read', findings: [finding('payment_card', 'financial', [{}])] },
    };
    const copy = structuredClone(decide(compiled, ev, context()));
    expect(copy.matched_policies).toHaveLength(1);
    expect(matchedSummaries(copy)).toEqual([
      { policy_id: 'p1', version: 1, severity: 'medium', action: 'block', test: false, exception_id: null },
    ]);
  });
});
