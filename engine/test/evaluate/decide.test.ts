import { describe, expect, it } from 'vitest';
import { BUILTIN_DETECTORS, compileDetectors, scan } from '../../src/detectors/index.js';
import { decide, preparePolicies } from '../../src/evaluate/index.js';
import type { BundlePolicy } from '../../src/policy/index.js';
import { bundlePolicy, context, event, FULL_CAPS } from './fixtures.js';

const decideWith = (policies: BundlePolicy[], ev = event(), ctx = context()) =>
  decide(preparePolicies(policies, []), ev, ctx);

const exception = (
  over: Partial<BundlePolicy['exceptions'][number]> = {},
): BundlePolicy['exceptions'][number] => ({
  id: 'ex-1',
  approved_by: 'ciso@example.com',
  expires_at: null,
  scope: { device_ids: ['agent-1'] },
  downgrade_to: null,
  ...over,
});

const thresholds: BundlePolicy['risk_thresholds'] = {
  below: 'audit',
  steps: [
    { at_or_above: 30, action: 'inform' },
    { at_or_above: 60, action: 'block' },
  ],
};

describe('decide: order a–e (document 1, evaluation rule 1)', () => {
  it('reports the stage that stopped a policy: scope, status, schedule, condition', () => {
    const d = decideWith(
      [
        bundlePolicy({
          policy_id: 'p-scope',
          scope: { channels: ['print'] },
          effective_until: '2020-01-01T00:00:00Z',
        }),
        bundlePolicy({ policy_id: 'p-status', effective_until: '2026-11-01T00:00:00Z' }),
        bundlePolicy({
          policy_id: 'p-sched',
          schedule: { timezone: 'UTC', days_of_week: [6], start_minute: 0, end_minute: 1440 },
          condition: { op: 'detector', detector_id: 'iban' },
        }),
        bundlePolicy({ policy_id: 'p-cond', condition: { op: 'detector', detector_id: 'iban' } }),
      ],
      event(),
      context({ explain_unmatched: true }),
    );
    expect(d.outcome).toBe('no_match');
    expect(d.action).toBeNull();
    expect(d.not_matched).toEqual([
      {
        policy_id: 'p-cond',
        stage: 'condition',
        code: 'condition.false',
        text: 'the condition did not match',
      },
      {
        policy_id: 'p-sched',
        stage: 'schedule',
        code: 'schedule.outside_window',
        text: 'outside the scheduled window',
      },
      { policy_id: 'p-scope', stage: 'scope', code: 'scope.channel', text: 'not in scope: channel' },
      { policy_id: 'p-status', stage: 'status', code: 'status.expired', text: 'no longer in force' },
    ]);
  });

  it('applies a not-yet-effective policy only from its start, and ships sandbox versions as tests', () => {
    const d = decideWith([
      bundlePolicy({ policy_id: 'p1', effective_from: '2026-12-01T00:00:00Z' }),
      bundlePolicy({ policy_id: 'p2', status: 'test', response: 'audit' }),
    ]);
    expect(d.matched_policies.map((m) => [m.policy_id, m.test])).toEqual([['p2', true]]);
  });
});

describe('exceptions (b)', () => {
  it('suppress entirely when downgrade_to is omitted, recording who approved it', () => {
    const d = decideWith([bundlePolicy({ policy_id: 'p1', exceptions: [exception()] })]);
    expect(d.outcome).toBe('suppressed');
    expect(d.action).toBeNull();
    expect(d.exception_applied).toEqual({
      policy_id: 'p1',
      exception_id: 'ex-1',
      approved_by: 'ciso@example.com',
      effect: 'suppress',
      downgrade_to: null,
    });
  });

  it('downgrade to the named action', () => {
    const d = decideWith([
      bundlePolicy({ policy_id: 'p1', exceptions: [exception({ downgrade_to: 'inform' })] }),
    ]);
    expect(d.action).toBe('inform');
    expect(d.exception_applied?.effect).toBe('downgrade');
  });

  it('an expired exception does not apply; one with an empty scope is ignored', () => {
    const expired = exception({ expires_at: '2026-11-23T09:59:59Z' });
    const empty = exception({ id: 'ex-2', scope: {} });
    const d = decideWith([bundlePolicy({ policy_id: 'p1', exceptions: [expired, empty] })]);
    expect(d.action).toBe('block');
    expect(d.exception_applied).toBeNull();
  });

  it('an exception outranks risk thresholds: risk is skipped after it', () => {
    const d = decideWith(
      [
        bundlePolicy({
          policy_id: 'p1',
          risk_thresholds: thresholds,
          exceptions: [exception({ downgrade_to: 'require_justification' })],
        }),
      ],
      event(),
      context({ risk: { destination_trust: 'untrusted', bypass_attempts: 5 } }),
    );
    expect(d.action).toBe('require_justification');
    expect(d.matched_policies[0]!.risk_step).toBeNull();
    expect(d.matched_policies[0]!.explanation.map((l) => l.code)).toContain('risk.skipped_exception');
  });
});

describe('risk thresholds (c)', () => {
  it('the highest step the score reaches wins regardless of written order', () => {
    const reversed = { ...thresholds!, steps: [...thresholds!.steps].reverse() };
    const d = decideWith(
      [bundlePolicy({ policy_id: 'p1', risk_thresholds: reversed })],
      event(),
      context({
        risk: { destination_trust: 'untrusted', application_managed: false, privilege_level: 'elevated' },
      }),
    );
    expect(d.risk!.score).toBeGreaterThanOrEqual(60);
    expect(d.matched_policies[0]!.risk_step).toEqual({ at_or_above: 60, action: 'block' });
    expect(d.action).toBe('block');
  });

  it('a score under every step takes below', () => {
    const d = decideWith(
      [
        bundlePolicy({
          policy_id: 'p1',
          risk_thresholds: { below: 'audit', steps: [{ at_or_above: 95, action: 'block' }] },
        }),
      ],
      event(),
      context({
        risk: { destination_trust: 'trusted', application_managed: true, privilege_level: 'standard' },
      }),
    );
    expect(d.matched_policies[0]!.risk_step).toEqual({ at_or_above: null, action: 'audit' });
    expect(d.action).toBe('audit');
  });

  it('when nothing scored the event the policy uses its standing action and says so', () => {
    const d = decideWith([
      bundlePolicy({ policy_id: 'p1', response: 'inform', risk_thresholds: thresholds }),
    ]);
    expect(d.action).toBe('inform');
    expect(d.matched_policies[0]!.explanation.map((l) => l.code)).toContain('risk.not_scored');
  });

  it('the explanation records score, band, model version, fired step, the moving factors and undetermined inputs', () => {
    const d = decideWith(
      [bundlePolicy({ policy_id: 'p1', risk_thresholds: thresholds })],
      event(),
      context({ risk: { bypass_attempts: 5 } }),
    );
    const lines = d.matched_policies[0]!.explanation;
    const step = lines.find((l) => l.code === 'risk.step')!.text;
    expect(step).toContain(`risk ${d.risk!.score} (${d.risk!.band}, model custos-risk-1)`);
    expect(step).toMatch(/step at or above (30|60)/);
    expect(step).toContain('bypass_attempts +20');
    expect(lines.filter((l) => l.code === 'risk.undetermined')).toHaveLength(3);
  });
});

describe('risk step lines shared within a decision (issue 24 memo)', () => {
  it('each policy names its own step, and a later decision on the same bundle its own score', () => {
    const prepared = preparePolicies(
      [
        bundlePolicy({ policy_id: 'p1', priority: 1, risk_thresholds: thresholds }),
        bundlePolicy({ policy_id: 'p2', priority: 2, risk_thresholds: thresholds }),
        bundlePolicy({
          policy_id: 'p3',
          priority: 3,
          risk_thresholds: { below: 'audit', steps: [{ at_or_above: 95, action: 'block' }] },
        }),
      ],
      [],
    );
    const stepLine = (d: ReturnType<typeof decide>, i: number) =>
      d.matched_policies[i]!.explanation.find((l) => l.code === 'risk.step')!.text;
    const high = decide(
      prepared,
      event(),
      context({
        risk: { destination_trust: 'untrusted', application_managed: false, privilege_level: 'elevated' },
      }),
    );
    expect(stepLine(high, 0)).toBe(stepLine(high, 1));
    expect(stepLine(high, 0)).toContain('step at or above 60 → block');
    expect(stepLine(high, 2)).toContain('below every step → audit');
    const low = decide(
      prepared,
      event(),
      context({
        risk: { destination_trust: 'trusted', application_managed: true, privilege_level: 'standard' },
      }),
    );
    expect(low.risk!.score).not.toBe(high.risk!.score);
    expect(stepLine(low, 0)).toContain(`risk ${low.risk!.score} `);
    expect(stepLine(low, 2)).toContain(`risk ${low.risk!.score} `);
  });
});

describe('conflict resolution across policies (d)', () => {
  it('lists losing policies in superseded_policy_ids, never a suppressed one', () => {
    const d = decideWith([
      bundlePolicy({ policy_id: 'p1', priority: 1, response: 'inform' }),
      bundlePolicy({ policy_id: 'p2', priority: 2, response: 'quarantine' }),
      bundlePolicy({ policy_id: 'p3', priority: 3, response: 'block', exceptions: [exception()] }),
    ]);
    expect(d.decided_by_policy_id).toBe('p2');
    expect(d.requested_action).toBe('quarantine');
    expect(d.superseded_policy_ids).toEqual(['p1']);
    expect(d.conflict).toEqual({
      strategy: 'most_restrictive',
      strategy_policy_id: 'p1',
      winner_policy_id: 'p2',
      candidates: 2,
    });
  });
});

describe('sandbox (test) policies', () => {
  it('never change a production outcome, even under least_restrictive', () => {
    const d = decideWith([
      bundlePolicy({
        policy_id: 'p1',
        priority: 1,
        status: 'test',
        response: 'audit',
        conflict_strategy: 'least_restrictive',
      }),
      bundlePolicy({ policy_id: 'p2', priority: 2, response: 'block' }),
    ]);
    expect(d.decided_by_policy_id).toBe('p2');
    expect(d.action).toBe('block');
    expect(d.superseded_policy_ids).toEqual([]);
    expect(d.matched_policies.map((m) => [m.policy_id, m.test])).toEqual([
      ['p1', true],
      ['p2', false],
    ]);
  });

  it('decide alone when no published policy matched', () => {
    const d = decideWith([bundlePolicy({ policy_id: 'p1', status: 'test', response: 'audit' })]);
    expect([d.outcome, d.action, d.decided_by_policy_id]).toEqual(['action', 'audit', 'p1']);
  });
});

describe('capability clamping (e), always last', () => {
  const monitorOnly = { channels: { removable_storage: { observe: true, block: false, notify: false } } };
  it('quarantine becomes block on a block-capable endpoint', () => {
    const caps = { channels: { removable_storage: { observe: true, block: true, notify: true } } };
    const d = decideWith(
      [bundlePolicy({ policy_id: 'p1', response: 'quarantine' })],
      event(),
      context({ capabilities: caps }),
    );
    expect([d.requested_action, d.action]).toEqual(['quarantine', 'block']);
    expect(d.clamp).toMatchObject({ limited: true, channel: 'removable_storage' });
    expect(d.explanation.find((l) => l.code === 'clamp.reduced')!.text).toContain(
      'quarantine reduced to block',
    );
  });
  it('block becomes audit on a monitor-only endpoint', () => {
    const d = decideWith(
      [bundlePolicy({ policy_id: 'p1' })],
      event(),
      context({ capabilities: monitorOnly }),
    );
    expect([d.requested_action, d.action]).toEqual(['block', 'audit']);
  });
  it('a warned-only channel turns block into inform; continue without the feature becomes inform', () => {
    const notifyOnly = { channels: { removable_storage: { observe: true, block: false, notify: true } } };
    expect(
      decideWith([bundlePolicy({ policy_id: 'p1' })], event(), context({ capabilities: notifyOnly })).action,
    ).toBe('inform');
    const noFeature = { channels: { removable_storage: { observe: true, block: true, notify: true } } };
    const d = decideWith(
      [bundlePolicy({ policy_id: 'p1', response: 'warn_with_continue' })],
      event(),
      context({ capabilities: noFeature }),
    );
    expect(d.action).toBe('inform');
  });
  it('clamps after conflict resolution, never before it', () => {
    // The block policy wins on strength even though the endpoint can only audit it.
    const d = decideWith(
      [
        bundlePolicy({ policy_id: 'p1', priority: 1, response: 'inform' }),
        bundlePolicy({ policy_id: 'p2', priority: 2 }),
      ],
      event(),
      context({ capabilities: monitorOnly }),
    );
    expect(d.decided_by_policy_id).toBe('p2');
    expect([d.requested_action, d.action]).toEqual(['block', 'audit']);
  });
  it('cloud_storage is always audit', () => {
    const d = decideWith(
      [bundlePolicy({ policy_id: 'p1' })],
      event({ channel: 'cloud_storage' }),
      context({ capabilities: FULL_CAPS }),
    );
    expect(d.action).toBe('audit');
  });
  it('nothing is clamped when the endpoint can do the action', () => {
    const d = decideWith([bundlePolicy({ policy_id: 'p1' })], event(), context({ capabilities: FULL_CAPS }));
    expect([d.requested_action, d.action, d.clamp?.limited]).toEqual(['block', 'block', false]);
  });
  it('says the action fits only when a report was given; without one it says nothing was clamped', () => {
    const fits = decideWith(
      [bundlePolicy({ policy_id: 'p1' })],
      event(),
      context({ capabilities: FULL_CAPS }),
    );
    expect(fits.explanation.filter((l) => l.code.startsWith('clamp.')).map((l) => l.code)).toEqual([
      'clamp.none',
    ]);
    const blind = decideWith([bundlePolicy({ policy_id: 'p1' })], event(), context({ capabilities: null }));
    const lines = blind.explanation.filter((l) => l.code.startsWith('clamp.'));
    expect(lines.map((l) => l.code)).toEqual(['clamp.unreported']);
    expect(lines[0]?.text).not.toContain('within what the endpoint reports');
  });
});

describe('offline, labels and explanations', () => {
  it('uses offline_response offline and passes evaluated_offline through', () => {
    const p = bundlePolicy({ policy_id: 'p1', response: 'block', offline_response: 'inform' });
    expect(decideWith([p], event(), context({ offline: true }))).toMatchObject({
      action: 'inform',
      evaluated_offline: true,
    });
    expect(decideWith([p], event(), context({ offline: false }))).toMatchObject({
      action: 'block',
      evaluated_offline: false,
    });
  });

  it('a label request appears in the explanation and does not change the action', () => {
    const d = decideWith([
      bundlePolicy({
        policy_id: 'p1',
        response: 'inform',
        apply_label: { value: 'Confidential', replace_existing: false },
      }),
    ]);
    expect(d.action).toBe('inform');
    expect(d.label).toEqual({ value: 'Confidential', replace_existing: false, policy_id: 'p1' });
    expect(d.explanation.map((l) => l.code)).toContain('label.requested');
  });

  it('never carries a matched value, with real scanner findings', () => {
    const card = '4111 1111 1111 1111';
    const text = `Invoice for card ${card}, IBAN GB82 WEST 1234 5698 7654 32`;
    const findings = scan(compileDetectors(BUILTIN_DETECTORS), text);
    expect(findings.length).toBeGreaterThan(0);
    const d = decideWith(
      [
        bundlePolicy({
          policy_id: 'p1',
          condition: { op: 'category', category: 'financial' },
          risk_thresholds: thresholds,
        }),
        bundlePolicy({
          policy_id: 'p2',
          condition: { op: 'detector', detector_id: 'payment_card', require_validated: true },
        }),
      ],
      event({ content: { status: 'read', findings } }),
      context({ risk: {}, explain_unmatched: true }),
    );
    expect(d.matched_policies).toHaveLength(2);
    const json = JSON.stringify(d);
    for (const secret of [card, card.replace(/ /g, ''), '1111', 'GB82', 'WEST12345698765432'])
      expect(json).not.toContain(secret);
    for (const l of [...d.explanation, ...d.matched_policies.flatMap((m) => m.explanation)])
      expect(l.text.length).toBeLessThanOrEqual(240);
  });

  it('a compiled bundle is frozen and reusable across decisions', () => {
    const compiled = preparePolicies([bundlePolicy({ policy_id: 'p1' })], []);
    expect(Object.isFrozen(compiled)).toBe(true);
    expect(Object.isFrozen(compiled.policies[0]!.spec.scope)).toBe(true);
    expect(decide(compiled, event(), context()).action).toBe(decide(compiled, event(), context()).action);
  });
});
