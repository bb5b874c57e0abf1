import { describe, expect, it } from 'vitest';
import { checkBundleGraph, compileBundlePolicy, requiredCapabilities } from '../../src/bundle/index.js';
import type { PolicyVersion } from '../../src/policy/index.js';
import { payload } from './fixtures.js';

const resolver = { endpointGroupName: (id: string) => (id === 'g1' ? 'finance' : null) };

function version(over: Partial<PolicyVersion> = {}): PolicyVersion {
  return {
    id: 'v1',
    policy_id: 'p1',
    tenant_id: 't',
    number: 12,
    version: 3,
    status: 'published',
    created_at: '2026-11-01T00:00:00Z',
    created_by: 'u1',
    name: 'USB cards',
    severity: 'high',
    scope: {
      include_targets: [{ kind: 'endpoint_group', source: { type: 'svc' }, object_id: 'g1' }],
      exclude_targets: [{ kind: 'endpoint', source: { type: 'svc' }, object_id: 'agent-9' }],
    },
    condition: {
      op: 'and',
      nodes: [
        { op: 'classification', classification_id: 'pci', classification_version: 1, revision: 2 },
        { op: 'removable_device', match_mode: 'none_of', serials: ['OLD'], include_approved_inventory: true },
        { op: 'removable_device', match_mode: 'any_of', serials: ['X'] },
      ],
    },
    response: 'warn',
    offline_response: 'warn_with_continue',
    exceptions: [
      { id: 'e', reason: 'r', approved_by: 'ciso', scope: { device_ids: ['a'] }, downgrade_to: 'warn' },
    ],
    change_reason: 'initial version',
    risk_thresholds: {
      below: 'warn',
      steps: [
        { at_or_above: 80, action: 'block' },
        { at_or_above: 40, action: 'warn' },
      ],
    },
    notifications: {
      user_message: 'author text',
      justification: { min_chars: 12, free_text: true, reasons: [] },
    },
    ...over,
  };
}

describe('compileBundlePolicy', () => {
  const p = compileBundlePolicy(version(), {
    priority: 4,
    resolver,
    promptText: 'compiled prompt',
    approvedSerials: ['NEW', 'old'],
  });

  it('normalises warn to inform everywhere and stamps the list position as priority', () => {
    expect([p.response, p.offline_response, p.exceptions[0]!.downgrade_to, p.risk_thresholds!.below]).toEqual(
      ['inform', 'warn_with_continue', 'inform', 'inform'],
    );
    expect(p.risk_thresholds!.steps).toEqual([
      { at_or_above: 40, action: 'inform' },
      { at_or_above: 80, action: 'block' },
    ]);
    expect(p.priority).toBe(4);
  });

  it('compiles typed targets into legacy fields', () => {
    expect(p.scope.agent_groups).toEqual(['finance']);
    expect(p.scope.exclude_device_ids).toEqual(['agent-9']);
  });

  it('adds approved serials only where include_approved_inventory is set (rule 8)', () => {
    const nodes = (p.condition as { nodes: { serials?: string[] }[] }).nodes;
    expect(nodes[1]!.serials).toEqual(['NEW', 'old']);
    expect(nodes[2]!.serials).toEqual(['X']);
  });

  it('writes the prompt text into user_message and omits a default justification block', () => {
    expect(p.notifications).toEqual({ user_message: 'compiled prompt' });
  });

  it('collects binding coordinates and marks a sandbox version as test', () => {
    expect(p.classification_bindings).toEqual([
      { classification_id: 'pci', classification_version: 1, revision: 2 },
    ]);
    expect(compileBundlePolicy(version({ sandbox: true }), { priority: 0, resolver }).status).toBe('test');
  });

  it('names the capabilities an agent needs', () => {
    expect(requiredCapabilities([p])).toEqual(['scope_exclusions', 'warn_with_continue']);
  });
});

describe('checkBundleGraph', () => {
  it('accepts a consistent payload', () => {
    expect(checkBundleGraph(payload())).toEqual([]);
  });

  it('finds a missing classification, an unlisted binding, a missing detector and a bad help address', () => {
    const p = compileBundlePolicy(
      version({
        condition: {
          op: 'and',
          nodes: [
            { op: 'classification', classification_id: 'pci', classification_version: 1, revision: 2 },
            { op: 'detector', detector_id: 'iban' },
          ],
        },
      }),
      { priority: 0, resolver },
    );
    const problems = checkBundleGraph(
      payload({ policies: [{ ...p, classification_bindings: [] }], help_address: 'ftp://help.example.com' }),
    );
    expect(problems.map((x) => x.code).sort()).toEqual([
      'graph.binding_unlisted',
      'graph.classification_missing',
      'graph.detector_missing',
      'graph.help_address_invalid',
    ]);
  });

  it('writes the validator default into rule nodes that omit it (issue 26: older agents read false)', () => {
    const b = compileBundlePolicy(
      version({
        condition: {
          op: 'or',
          nodes: [
            { op: 'detector', detector_id: 'payment_card' },
            { op: 'not', node: { op: 'category', category: 'financial' } },
            { op: 'total_matches', min_matches: 3, require_validated: false },
          ],
        },
      }),
      { priority: 1, resolver },
    );
    expect(b.condition).toEqual({
      op: 'or',
      nodes: [
        { op: 'detector', detector_id: 'payment_card', require_validated: true },
        { op: 'not', node: { op: 'category', category: 'financial', require_validated: true } },
        { op: 'total_matches', min_matches: 3, require_validated: false },
      ],
    });
  });
});
