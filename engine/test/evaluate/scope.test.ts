import { describe, expect, it } from 'vitest';
import {
  type DecisionContext,
  type DecisionEvent,
  decide,
  preparePolicies,
} from '../../src/evaluate/index.js';
import type { Scope } from '../../src/policy/index.js';
import { bundlePolicy, context, event } from './fixtures.js';

function applies(scope: Scope, ev: DecisionEvent = event(), ctx: DecisionContext = context()): string {
  const compiled = preparePolicies([bundlePolicy({ policy_id: 'p1', scope })], []);
  const d = decide(compiled, ev, { ...ctx, explain_unmatched: true });
  return d.matched_policies.length === 1 ? 'applies' : (d.not_matched?.[0]?.code ?? '?');
}

describe('scope (document 1, "Scope")', () => {
  it('an empty scope applies to everyone', () => {
    expect(applies({})).toBe('applies');
    expect(applies({ channels: [], groups: [] })).toBe('applies');
  });

  it('every non-empty dimension must match', () => {
    expect(applies({ channels: ['removable_storage'], operating_systems: ['Windows'] })).toBe('applies');
    expect(applies({ channels: ['removable_storage'], operating_systems: ['linux'] })).toBe(
      'scope.operating_system',
    );
    expect(applies({ channels: ['print'] })).toBe('scope.channel');
  });

  it('destinations match by domain suffix, not by substring', () => {
    const ev = event({ channel: 'browser_upload', destination: { domain: 'files.Dropbox.com' } });
    expect(applies({ destinations: ['dropbox.com'] }, ev)).toBe('applies');
    expect(applies({ destinations: ['box.com'] }, ev)).toBe('scope.destination');
    expect(applies({ destinations: ['dropbox.com'] }, event())).toBe('scope.destination');
  });

  it('sources match a path prefix at a separator, applications by executable name', () => {
    const ev = event({
      source_path: 'C:\\Finance\\Reports\\q4.xlsx',
      application: 'C:\\Program Files\\App\\EXCEL.EXE',
    });
    expect(applies({ sources: ['c:/finance'] }, ev)).toBe('applies');
    expect(applies({ sources: ['C:\\Fin'] }, ev)).toBe('scope.source');
    expect(applies({ applications: ['excel.exe'] }, ev)).toBe('applies');
    expect(applies({ applications: ['winword.exe'] }, ev)).toBe('scope.application');
  });

  it('user_ids match the exact account SID; a legacy user name still matches', () => {
    expect(applies({ user_ids: ['S-1-5-21-1-2-3-1001'] })).toBe('applies');
    expect(applies({ user_ids: ['S-1-5-21-1-2-3-1002'] })).toBe('scope.user');
    expect(applies({ user_ids: ['corp\\ALICE'] })).toBe('applies');
  });

  it('groups: a SID compared exactly, DOMAIN\\Name without case', () => {
    expect(applies({ groups: ['S-1-5-21-1-2-3-1105'] })).toBe('applies');
    expect(applies({ groups: ['corp\\finance team'] })).toBe('applies');
    expect(applies({ groups: ['CORP\\Legal'] })).toBe('scope.group');
  });

  it('the per-logon SID and the integrity label are not memberships', () => {
    const ctx = context({
      user: { sid: 'S-1-5-21-1-2-3-1001', groups: [{ sid: 'S-1-5-5-0-123456' }, { sid: 'S-1-16-12288' }] },
    });
    expect(applies({ groups: ['S-1-5-5-0-123456'] }, event(), ctx)).toBe('scope.group');
    expect(applies({ groups: ['S-1-16-12288'] }, event(), ctx)).toBe('scope.group');
  });

  it('with no groups supplied (several people signed in, or Linux) a group-scoped rule matches nobody', () => {
    const ctx = context({ user: { sid: 'S-1-5-21-1-2-3-1001', groups: null } });
    expect(applies({ groups: ['S-1-5-21-1-2-3-1105'] }, event(), ctx)).toBe('scope.groups_not_supplied');
  });

  it('device_ids and agent_groups match the endpoint', () => {
    expect(applies({ device_ids: ['agent-1'] })).toBe('applies');
    expect(applies({ device_ids: ['agent-2'] })).toBe('scope.device');
    expect(applies({ agent_groups: ['finance'] })).toBe('applies');
    expect(applies({ agent_groups: ['legal'] })).toBe('scope.agent_group');
  });

  it('departments never apply: no agent reports one', () => {
    expect(applies({ departments: ['Finance'] })).toBe('scope.department_unevaluable');
  });

  it('exclusions win over every inclusion', () => {
    expect(applies({ device_ids: ['agent-1'], exclude_device_ids: ['agent-1'] })).toBe('scope.excluded');
    expect(applies({ agent_groups: ['finance'], exclude_groups: ['S-1-5-21-1-2-3-1105'] })).toBe(
      'scope.excluded',
    );
  });

  it('uncompiled typed targets never widen a scope', () => {
    const svc = { type: 'svc' as const };
    expect(applies({ include_targets: [{ kind: 'endpoint', source: svc, object_id: 'agent-2' }] })).toBe(
      'scope.device',
    );
    expect(applies({ include_targets: [{ kind: 'endpoint', source: svc, object_id: 'agent-1' }] })).toBe(
      'applies',
    );
    expect(
      applies({ include_targets: [{ kind: 'endpoint_group', source: svc, object_id: 'g-finance' }] }),
    ).toBe('scope.agent_group');
    expect(applies({ exclude_targets: [{ kind: 'endpoint', source: svc, object_id: 'agent-1' }] })).toBe(
      'scope.excluded',
    );
  });

  it('an exclusion alone means everyone but the excluded', () => {
    expect(applies({ exclude_agent_groups: ['finance'] })).toBe('scope.excluded');
    expect(applies({ exclude_agent_groups: ['legal'] })).toBe('applies');
  });

  it('a scope miss carries a reason a person can read, in not_matched and in the explanation', () => {
    const compiled = preparePolicies(
      [
        bundlePolicy({ policy_id: 'p7', scope: { agent_groups: ['finance'] } }),
        bundlePolicy({ policy_id: 'p8', scope: { sources: ['/srv/hr'] } }),
        bundlePolicy({ policy_id: 'p9', scope: { channels: ['print'] } }),
        bundlePolicy({ policy_id: 'p10', scope: { user_ids: ['S-1-5-21-1-2-3-9999'] } }),
      ],
      [],
    );
    // The README's enrolment: no agent_group on the token, so the endpoint is in no group.
    const noGroup = context({ device: { id: 'agent-1', os: 'windows', agent_group: null } });
    const d = decide(compiled, event({ source_path: '/home/alice/cards.csv' }), noGroup);
    expect(d.outcome).toBe('no_match');
    expect(d.not_matched).toBeUndefined();
    expect(d.explanation).toEqual([
      { code: 'decision.no_match', text: 'no policy matched' },
      { code: 'scope.user', text: 'POL-10: not in scope: user' },
      {
        code: 'scope.agent_group',
        text: 'POL-7: not in scope: endpoint group (this endpoint is in no endpoint group)',
      },
      { code: 'scope.source', text: 'POL-8: not in scope: path (outside the source paths)' },
      { code: 'scope.channel', text: 'POL-9: not in scope: channel' },
    ]);
    const other = decide(compiled, event(), {
      ...context({ device: { id: 'agent-1', os: 'windows', agent_group: 'legal' } }),
      explain_unmatched: true,
    });
    expect(other.not_matched?.find((m) => m.policy_id === 'p7')).toEqual({
      policy_id: 'p7',
      stage: 'scope',
      code: 'scope.agent_group',
      text: "not in scope: endpoint group (this endpoint's group is not in the scope)",
    });
  });

  it('a no-match explanation is bounded: five misses explained, the rest counted', () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      bundlePolicy({ policy_id: `p${i + 1}`, scope: { channels: ['print'] } }),
    );
    const d = decide(preparePolicies(many, []), event(), context());
    expect(d.explanation).toHaveLength(7);
    expect(d.explanation.at(-1)).toEqual({
      code: 'decision.more_unmatched',
      text: '7 more policies did not match',
    });
  });
});
