import { describe, expect, it } from 'vitest';
import { type EndpointCapabilityReport, releaseWarnings } from '../../src/policy/index.js';
import { bundlePolicy } from '../evaluate/fixtures.js';

const linux: EndpointCapabilityReport = {
  channels: {
    removable_storage: { observe: true, block: false, notify: false },
    discovery: { observe: true, block: false, notify: false },
  },
  scope_attributes: ['user_ids', 'device_ids', 'agent_groups', 'operating_systems', 'channels', 'sources'],
};
const windows: EndpointCapabilityReport = {
  channels: {
    removable_storage: { observe: true, block: false, notify: true },
    browser_upload: { observe: true, block: true, notify: true },
  },
  scope_attributes: [...linux.scope_attributes, 'user_groups'],
};

const kinds = (w: ReturnType<typeof releaseWarnings>) => w.map((x) => x.kind);

describe('release warnings (document 1, Errors: warning kinds)', () => {
  it('scope_unevaluable names the attribute and values no active endpoint reports', () => {
    const w = releaseWarnings(
      bundlePolicy({ policy_id: 'p', response: 'audit', scope: { groups: ['CORP\\Finance'] } }),
      [linux],
    );
    expect(w).toEqual([
      expect.objectContaining({ kind: 'scope_unevaluable', values: ['user_groups', 'CORP\\Finance'] }),
    ]);
    expect(
      releaseWarnings(
        bundlePolicy({ policy_id: 'p', response: 'audit', scope: { groups: ['CORP\\Finance'] } }),
        [linux, windows],
      ),
    ).toEqual([]);
  });

  it('exception scopes warn unevaluable or partial', () => {
    const ex = (scope: object) => ({
      id: 'x',
      approved_by: 'a',
      expires_at: null,
      scope,
      downgrade_to: null,
    });
    expect(
      kinds(
        releaseWarnings(
          bundlePolicy({
            policy_id: 'p',
            response: 'audit',
            exceptions: [ex({ groups: ['S-1-5-21-1-2-3-4'] })],
          }),
          [linux],
        ),
      ),
    ).toEqual(['exception_scope_unevaluable']);
    expect(
      kinds(
        releaseWarnings(
          bundlePolicy({
            policy_id: 'p',
            response: 'audit',
            exceptions: [ex({ groups: ['S-1-5-21-1-2-3-4'] })],
          }),
          [linux, windows],
        ),
      ),
    ).toEqual(['exception_scope_partial']);
  });

  it('channel_unobservable names channels nobody observes', () => {
    const w = releaseWarnings(
      bundlePolicy({
        policy_id: 'p',
        response: 'audit',
        scope: { channels: ['print', 'removable_storage'] },
      }),
      [linux],
    );
    expect(w).toEqual([expect.objectContaining({ kind: 'channel_unobservable', values: ['print'] })]);
  });

  it('cannot_block names what a block is reduced to when nobody can block', () => {
    const w = releaseWarnings(bundlePolicy({ policy_id: 'p', response: 'block' }), [linux]);
    expect(kinds(w)).toEqual(['cannot_block']);
    expect(w[0]!.message).toContain('reduced to audit');
    expect(releaseWarnings(bundlePolicy({ policy_id: 'p', response: 'block' }), [linux, windows])).toEqual(
      [],
    );
  });

  it('a blocking policy scoped to cloud_storage carries a warning', () => {
    const w = releaseWarnings(
      bundlePolicy({ policy_id: 'p', response: 'block', scope: { channels: ['cloud_storage'] } }),
      [windows],
    );
    expect(kinds(w)).toEqual(['cloud_storage_audit_only']);
  });
});
