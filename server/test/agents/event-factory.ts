import { createHash, randomUUID } from 'node:crypto';

/** An event as dlp-agent sends it (docs/agent.md, Events on the wire). */
export function agentEvent(
  over: Record<string, unknown> & {
    policy?: string;
    content?: string;
    path?: string;
    at?: string;
    person?: string;
  } = {},
) {
  const { policy, content, path, at, person, ...rest } = over;
  const p = path ?? '/srv/share/report.txt';
  return {
    event_id: randomUUID(),
    occurred_at: at ?? '2026-01-15T09:00:00Z',
    channel: 'file_create',
    action: 'audit',
    requested_action: 'block',
    explanation: [
      { code: 'clamped', text: 'block is reduced to audit: this endpoint cannot block file_create' },
    ],
    evaluated_offline: false,
    superseded_policy_ids: [],
    decided_by_policy_id: policy ?? null,
    matched_policy_ids: policy ? [policy] : [],
    matched_policies: policy
      ? [
          {
            policy_id: policy,
            version: 1,
            severity: 'high',
            action: 'block',
            test: false,
            exception_id: null,
          },
        ]
      : [],
    severity: 'high',
    enforcement: 'reduced_by_capability',
    policy_version: 1,
    hostname: 'host-1',
    user: { name: person ?? 'alice', id: null },
    user_reason: null,
    file: {
      path: p,
      name: p.split('/').pop(),
      extension: 'txt',
      size_bytes: 120,
      blake3: createHash('sha256')
        .update(content ?? p)
        .digest('hex'),
    },
    not_read: null,
    removable_device: null,
    detectors: [
      {
        detector_id: 'card_number',
        detector_version: 1,
        category: 'financial',
        match_count: 2,
        validated_count: 2,
        max_confidence: 90,
      },
    ],
    ...rest,
  };
}

/** A `person_prompt` record of a typed justification, as the agent sends it (docs/agent.md). */
export function justifiedPrompt(text: string, extra: Record<string, unknown> = {}) {
  return {
    kind: 'justify',
    held: false,
    asked: true,
    result: 'justified',
    outcome: 'justified',
    justification: { category: 'customer_request', text, text_length: text.length },
    ...extra,
  };
}
