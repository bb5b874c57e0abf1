import type { DetectorFinding } from '../../src/detectors/types.js';
import type { DecisionContext, DecisionEvent } from '../../src/evaluate/index.js';
import type { BundlePolicy } from '../../src/policy/index.js';

/** A published bundle policy with neutral defaults; tests override what they exercise. */
export function bundlePolicy(over: Partial<BundlePolicy> & { policy_id: string }): BundlePolicy {
  return {
    policy_number: Number(over.policy_id.replace(/\D/g, '')) || 1,
    version: 1,
    name: `policy ${over.policy_id}`,
    status: 'published',
    mode: null,
    severity: 'medium',
    priority: 10,
    group: null,
    scope: {},
    condition: { op: 'detector', detector_id: 'payment_card' },
    exceptions: [],
    response: 'block',
    offline_response: null,
    evidence: {},
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
    ...over,
  };
}

export function finding(
  detector_id: string,
  category: string,
  hits: { confidence?: number; validated?: boolean; start?: number }[],
): DetectorFinding {
  return {
    detector_id,
    detector_version: 1,
    category,
    hits: hits.map((h, i) => {
      const start = h.start ?? i * 20;
      return { start, end: start + 16, confidence: h.confidence ?? 85, validated: h.validated ?? true };
    }),
  };
}

export const CARD = finding('payment_card', 'financial', [{}]);

export function event(over: Partial<DecisionEvent> = {}): DecisionEvent {
  return { channel: 'removable_storage', content: { status: 'read', findings: [CARD] }, ...over };
}

export function context(over: Partial<DecisionContext> = {}): DecisionContext {
  return {
    now: new Date('2026-11-23T10:00:00Z'),
    device: { id: 'agent-1', os: 'windows', agent_group: 'finance' },
    user: {
      sid: 'S-1-5-21-1-2-3-1001',
      name: 'CORP\\alice',
      groups: [{ sid: 'S-1-5-21-1-2-3-1105', name: 'CORP\\Finance Team' }],
    },
    ...over,
  };
}

/** A capability report that can do everything on every channel used in tests. */
export const FULL_CAPS = {
  channels: Object.fromEntries(
    ['removable_storage', 'browser_upload', 'print', 'clipboard'].map((c) => [
      c,
      { observe: true, block: true, notify: true, quarantine: true },
    ]),
  ),
  features: ['warn_with_continue', 'approval_required'],
};
