import { describe, expect, it } from 'vitest';
import {
  checkBundleGraph,
  compileBundlePolicy,
  requiredCapabilities,
  signBundle,
  verifyBundle,
} from '../../src/bundle/index.js';
import { BUILTIN_DETECTORS, compileDetectors, scan } from '../../src/detectors/index.js';
import { decide, prepareBundle } from '../../src/evaluate/index.js';
import {
  type BundlePayload,
  type PolicyVersion,
  type PolicyVersionInput,
  validatePolicyVersion,
} from '../../src/policy/index.js';
import { keyPair, NOW, trust } from './fixtures.js';

const input: PolicyVersionInput = {
  name: 'Card numbers to removable media',
  severity: 'high',
  scope: {
    channels: ['removable_storage'],
    include_targets: [{ kind: 'endpoint_group', source: { type: 'svc' }, object_id: 'g-fin' }],
  },
  condition: { op: 'detector', detector_id: 'payment_card', require_validated: true, min_matches: 1 },
  response: 'quarantine',
  offline_response: 'warn',
  change_reason: '[CHG-7] block card data to USB',
};

describe('from a written version to an enforced decision', () => {
  it('validates, compiles, signs, verifies, compiles for decisions and decides', () => {
    expect(validatePolicyVersion(input, { now: NOW })).toEqual([]);
    const version: PolicyVersion = {
      ...input,
      id: 'v-1',
      policy_id: 'pol-1',
      tenant_id: 'tenant-a',
      number: 1,
      version: 1,
      status: 'published',
      created_at: NOW.toISOString(),
      created_by: 'u-1',
    };
    const policy = compileBundlePolicy(version, {
      priority: 0,
      resolver: { endpointGroupName: (id) => (id === 'g-fin' ? 'finance' : null) },
    });
    const payload: BundlePayload = {
      schema_version: { major: 1, minor: 0 },
      bundle_version: 6,
      tenant_id: 'tenant-a',
      key_id: 'k1',
      issued_at: '2026-11-23T09:59:00Z',
      expires_at: '2026-11-30T00:00:00Z',
      device_scope: null,
      group_scope: null,
      help_address: 'https://help.example.com/dlp',
      required_capabilities: requiredCapabilities([policy]),
      policies: [policy],
      classifications: [],
      detectors: [{ detector_id: 'payment_card', detector_version: 1, category: 'financial', builtin: true }],
      monitored_paths: [],
    };
    expect(checkBundleGraph(payload)).toEqual([]);
    const signer = keyPair();
    const verified = verifyBundle(signBundle(payload, signer.privateKey, 'k1'), trust(signer.publicKeyB64), {
      now: NOW,
    });
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;

    const findings = scan(compileDetectors(BUILTIN_DETECTORS), 'card 4111 1111 1111 1111 exp 12/29');
    const compiled = prepareBundle(verified.payload);
    const ctx = {
      now: NOW,
      device: { id: 'agent-1', os: 'windows', agent_group: 'finance' },
      capabilities: { channels: { removable_storage: { observe: true, block: false, notify: true } } },
    };
    const online = decide(
      compiled,
      { channel: 'removable_storage', content: { status: 'read', findings } },
      ctx,
    );
    expect([online.requested_action, online.action]).toEqual(['quarantine', 'inform']);
    const offline = decide(
      compiled,
      { channel: 'removable_storage', content: { status: 'read', findings } },
      { ...ctx, offline: true },
    );
    expect([offline.requested_action, offline.action, offline.evaluated_offline]).toEqual([
      'inform',
      'inform',
      true,
    ]);
    const otherGroup = decide(
      compiled,
      { channel: 'removable_storage', content: { status: 'read', findings } },
      { ...ctx, device: { ...ctx.device, agent_group: 'legal' } },
    );
    expect(otherGroup.outcome).toBe('no_match');
  });
});
