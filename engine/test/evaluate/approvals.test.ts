import { describe, expect, it } from 'vitest';
import { decide, preparePolicies } from '../../src/evaluate/index.js';
import type { BundlePolicy } from '../../src/policy/index.js';
import { bundlePolicy, context, event } from './fixtures.js';

const decideWith = (policies: BundlePolicy[], approvals: Parameters<typeof context>[0]) =>
  decide(preparePolicies(policies, []), event(), context(approvals));

const approval = (over: Partial<{ policy_id: string; expires_at: string }> = {}) => ({
  policy_id: 'p1',
  reference: 'EXC-ABCD2345',
  approved_by: 'exception_request',
  expires_at: '2026-11-23T10:30:00Z',
  ...over,
});

// Issue 18: an approved exception request the endpoint verified for this operation (ctx.approvals).
describe('approved exception requests in the decision context', () => {
  it('lower the policy they name to audit until their end, recorded as the exception', () => {
    const d = decideWith([bundlePolicy({ policy_id: 'p1', response: 'approval_required' })], {
      approvals: [approval()],
    });
    expect(d.action).toBe('audit');
    expect(d.requested_action).toBe('audit');
    expect(d.exception_applied).toEqual({
      policy_id: 'p1',
      exception_id: 'EXC-ABCD2345',
      approved_by: 'exception_request',
      effect: 'downgrade',
      downgrade_to: 'audit',
    });
  });

  it('release nothing at or after their end, and nothing for another policy', () => {
    const ended = decideWith([bundlePolicy({ policy_id: 'p1', response: 'approval_required' })], {
      approvals: [approval({ expires_at: '2026-11-23T10:00:00Z' })],
    });
    expect(ended.action).toBe('approval_required');
    expect(ended.exception_applied).toBeNull();
    const other = decideWith(
      [
        bundlePolicy({ policy_id: 'p1', response: 'approval_required' }),
        bundlePolicy({ policy_id: 'p2', response: 'block' }),
      ],
      { approvals: [approval()] },
    );
    expect(other.action).toBe('block');
    expect(other.decided_by_policy_id).toBe('p2');
  });
});
