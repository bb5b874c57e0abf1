import type { BundlePayload, BundlePolicy } from '@custos/engine';

/** A payment-card policy as the bundle compiler ships it: validated card numbers, block requested. */
export function cardPolicy(overrides: Partial<BundlePolicy> = {}): BundlePolicy {
  return {
    policy_id: '00000000-0000-4000-8000-000000000001',
    policy_number: 1,
    version: 1,
    name: 'Payment cards',
    status: 'published',
    mode: null,
    severity: 'high',
    priority: 1,
    group: null,
    scope: {},
    condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1, require_validated: true },
    exceptions: [],
    response: 'block',
    offline_response: null,
    evidence: { metadata: true },
    schedule: null,
    conflict_strategy: 'most_restrictive',
    notifications: { user_message: null },
    risk_thresholds: null,
    apply_label: null,
    raise_every_match: false,
    connection: null,
    effective_from: null,
    effective_until: null,
    classification_bindings: [],
    ...overrides,
  };
}

export function cardBundle(
  opts: { version?: number; monitored?: string[]; tenant?: string } = {},
): BundlePayload {
  return {
    schema_version: { major: 1, minor: 0 },
    bundle_version: opts.version ?? 1,
    tenant_id: opts.tenant ?? 'tenant-1',
    key_id: 'key-1',
    issued_at: new Date(Date.now() - 60_000).toISOString(),
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    device_scope: null,
    group_scope: null,
    help_address: null,
    required_capabilities: [],
    policies: [cardPolicy()],
    classifications: [],
    detectors: [{ detector_id: 'payment_card', detector_version: 1, category: 'financial', builtin: true }],
    monitored_paths: opts.monitored ?? [],
  };
}

/** Test card numbers that pass Luhn, and look-alikes that do not. */
export const VALID_CARDS = ['4111 1111 1111 1111', '5500 0000 0000 0004', '3400 000000 00009'];
export const LUHN_INVALID = ['4111 1111 1111 1112', '5500 0000 0000 0005', '1234 5678 9012 3456'];
