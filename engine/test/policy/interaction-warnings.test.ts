/** Issue 26 item 5: every action that needs a notice, a prompt or a hold warns when nobody can. */
import { describe, expect, it } from 'vitest';
import { type EndpointCapabilityReport, releaseWarnings } from '../../src/policy/index.js';
import { bundlePolicy } from '../evaluate/fixtures.js';

const ATTRS = ['user_ids', 'device_ids', 'agent_groups', 'operating_systems', 'channels', 'sources'];
/** A Linux agent: monitors only, holds nothing, advertises no hold features. */
const linux: EndpointCapabilityReport = {
  channels: {
    removable_storage: { observe: true, block: false, notify: false },
    discovery: { observe: true, block: false, notify: false },
  },
  scope_attributes: ATTRS,
  features: ['scope_exclusions'],
};
/** A Windows agent: notices on removable storage, holds browser uploads. */
const windows = (features: string[]): EndpointCapabilityReport => ({
  channels: {
    removable_storage: { observe: true, block: false, notify: true },
    browser_upload: { observe: true, block: true, notify: true },
  },
  scope_attributes: [...ATTRS, 'user_groups'],
  features: ['scope_exclusions', ...features],
});
const FULL = windows(['warn_with_continue', 'approval_required']);

const warn = (over: Parameters<typeof bundlePolicy>[0], fleet: EndpointCapabilityReport[]) =>
  releaseWarnings(bundlePolicy(over), fleet);
const kinds = (w: ReturnType<typeof releaseWarnings>) => w.map((x) => x.kind);

describe('interaction release warnings (issue 26 item 5)', () => {
  it('inform: cannot_notify when no active endpoint can show a notice', () => {
    const w = warn({ policy_id: 'p', response: 'inform' }, [linux]);
    expect(w).toEqual([expect.objectContaining({ kind: 'cannot_notify', values: ['inform'] })]);
    expect(w[0]!.message).toContain('inform is reduced to audit');
    expect(warn({ policy_id: 'p', response: 'inform' }, [linux, windows([])])).toEqual([]);
  });

  it('require_justification: cannot_prompt when nobody can hold and ask', () => {
    const w = warn({ policy_id: 'p', response: 'require_justification' }, [linux]);
    expect(w).toEqual([
      expect.objectContaining({ kind: 'cannot_prompt', values: ['require_justification'] }),
    ]);
    expect(w[0]!.message).toContain('require_justification is reduced to audit');
    // Holding needs block and notify on the same channel: no feature name is required.
    expect(warn({ policy_id: 'p', response: 'require_justification' }, [linux, windows([])])).toEqual([]);
  });

  it('the scoped channels decide: notices but no hold on removable storage', () => {
    const w = warn(
      { policy_id: 'p', response: 'require_justification', scope: { channels: ['removable_storage'] } },
      [FULL],
    );
    expect(kinds(w)).toEqual(['cannot_prompt']);
    expect(w[0]!.message).toContain('require_justification is reduced to inform');
  });

  it('warn_with_continue: cannot_prompt without the advertised feature', () => {
    const w = warn({ policy_id: 'p', response: 'warn_with_continue' }, [windows([])]);
    expect(w).toEqual([expect.objectContaining({ kind: 'cannot_prompt', values: ['warn_with_continue'] })]);
    // An endpoint without the feature is withheld the bundle (requiredCapabilities), not reduced.
    expect(w[0]!.message).toContain('no active endpoint advertises warn_with_continue');
    expect(w[0]!.message).toContain('upgrade_required');
    expect(
      warn({ policy_id: 'p', response: 'warn_with_continue' }, [windows(['warn_with_continue'])]),
    ).toEqual([]);
  });

  it('approval_required: cannot_hold without the advertised feature', () => {
    const w = warn({ policy_id: 'p', response: 'approval_required' }, [windows(['warn_with_continue'])]);
    expect(w).toEqual([expect.objectContaining({ kind: 'cannot_hold', values: ['approval_required'] })]);
    expect(w[0]!.message).toContain('no active endpoint advertises approval_required');
    expect(warn({ policy_id: 'p', response: 'approval_required' }, [FULL])).toEqual([]);
    // Advertised, but not where the policy applies: reduced on that channel.
    const usb = warn(
      { policy_id: 'p', response: 'approval_required', scope: { channels: ['removable_storage'] } },
      [FULL],
    );
    expect(kinds(usb)).toEqual(['cannot_hold']);
    expect(usb[0]!.message).toContain('approval_required is reduced to inform');
  });

  it('audit and block raise none of these (block has cannot_block)', () => {
    expect(warn({ policy_id: 'p', response: 'audit' }, [linux])).toEqual([]);
    expect(kinds(warn({ policy_id: 'p', response: 'block' }, [linux]))).toEqual(['cannot_block']);
  });

  it('offline response, risk steps and exception downgrades count as actions of the policy', () => {
    const w = warn(
      {
        policy_id: 'p',
        response: 'audit',
        offline_response: 'inform',
        risk_thresholds: { below: 'audit', steps: [{ at_or_above: 50, action: 'approval_required' }] },
        exceptions: [
          { id: 'x', approved_by: 'a', expires_at: null, scope: {}, downgrade_to: 'require_justification' },
        ],
      },
      [linux],
    );
    expect(w.map((x) => [x.kind, x.values])).toEqual([
      ['cannot_notify', ['inform']],
      ['cannot_prompt', ['require_justification']],
      ['cannot_hold', ['approval_required']],
    ]);
  });

  it('channels nobody observes are left to channel_unobservable', () => {
    expect(
      kinds(
        warn({ policy_id: 'p', response: 'require_justification', scope: { channels: ['print'] } }, [linux]),
      ),
    ).toEqual(['channel_unobservable']);
  });
});
