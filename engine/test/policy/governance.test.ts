import { describe, expect, it } from 'vitest';
import { actionsOf, isWholeCompanyScope, usesGovernedAction } from '../../src/policy/index.js';

describe('release governance helpers (document 1, States)', () => {
  it('finds Block, Quarantine or ApprovalRequired anywhere in a version', () => {
    expect(usesGovernedAction({ response: 'warn' })).toBe(false);
    expect(usesGovernedAction({ response: 'audit', offline_response: 'quarantine' })).toBe(true);
    expect(
      usesGovernedAction({
        response: 'audit',
        risk_thresholds: { below: 'audit', steps: [{ at_or_above: 90, action: 'block' }] },
      }),
    ).toBe(true);
    expect(
      usesGovernedAction({
        response: 'inform',
        exceptions: [
          {
            id: 'x',
            reason: 'r',
            approved_by: 'a',
            scope: { device_ids: ['d'] },
            downgrade_to: 'approval_required',
          },
        ],
      }),
    ).toBe(true);
    expect(actionsOf({ response: 'warn' })).toEqual(['inform']);
  });

  it('calls a scope whole-company unless it targets people or endpoints', () => {
    expect(isWholeCompanyScope({})).toBe(true);
    expect(isWholeCompanyScope({ channels: ['print'], destinations: ['example.com'] })).toBe(true);
    expect(
      isWholeCompanyScope({
        exclude_targets: [{ kind: 'endpoint', source: { type: 'svc' }, object_id: 'a' }],
      }),
    ).toBe(true);
    expect(isWholeCompanyScope({ agent_groups: ['finance'] })).toBe(false);
    expect(
      isWholeCompanyScope({
        include_targets: [{ kind: 'endpoint', source: { type: 'svc' }, object_id: 'a' }],
      }),
    ).toBe(false);
  });
});
