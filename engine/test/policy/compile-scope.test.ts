import { describe, expect, it } from 'vitest';
import { compileScope, deletedGroupName, scopeHasExclusions } from '../../src/policy/index.js';

const dom = { type: 'windows_directory' as const, domain_sid: 'S-1-5-21-1-2-3' };
const names: Record<string, string> = { g1: 'finance', g2: 'legal' };
const resolver = { endpointGroupName: (id: string) => names[id] ?? null };

describe('compileScope (typed targets into legacy fields)', () => {
  it('writes includes into groups, device_ids and agent_groups, sorted', () => {
    const out = compileScope(
      {
        include_targets: [
          { kind: 'endpoint_group', source: { type: 'svc' }, object_id: 'g2' },
          { kind: 'directory_group', source: dom, object_id: 'S-1-5-21-1-2-3-1105' },
          { kind: 'endpoint', source: { type: 'svc' }, object_id: 'agent-b' },
          { kind: 'endpoint_group', source: { type: 'svc' }, object_id: 'g1' },
        ],
        device_ids: ['agent-a'],
      },
      resolver,
    );
    expect(out.groups).toEqual(['S-1-5-21-1-2-3-1105']);
    expect(out.device_ids).toEqual(['agent-a', 'agent-b']);
    expect(out.agent_groups).toEqual(['finance', 'legal']);
    expect(scopeHasExclusions(out)).toBe(false);
  });

  it('narrows to nothing when an included group was deleted', () => {
    const out = compileScope(
      { include_targets: [{ kind: 'endpoint_group', source: { type: 'svc' }, object_id: 'gone' }] },
      resolver,
    );
    expect(out.agent_groups).toEqual([deletedGroupName('gone')]);
  });

  it('writes excludes into exclude_* and drops an excluded group that no longer exists', () => {
    const out = compileScope(
      {
        exclude_targets: [
          { kind: 'endpoint_group', source: { type: 'svc' }, object_id: 'gone' },
          { kind: 'endpoint_group', source: { type: 'svc' }, object_id: 'g1' },
          { kind: 'endpoint', source: { type: 'svc' }, object_id: 'agent-x' },
          { kind: 'directory_group', source: dom, object_id: 'S-1-5-21-1-2-3-512' },
        ],
      },
      resolver,
    );
    expect(out.exclude_agent_groups).toEqual(['finance']);
    expect(out.exclude_device_ids).toEqual(['agent-x']);
    expect(out.exclude_groups).toEqual(['S-1-5-21-1-2-3-512']);
    expect(scopeHasExclusions(out)).toBe(true);
  });
});
