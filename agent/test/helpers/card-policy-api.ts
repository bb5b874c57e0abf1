import type { ApiClient } from './api-client.js';

/**
 * A payment-card policy version as the console writes it (`POST /policies`, document 1): validated
 * card numbers, targeted at one endpoint group so that an audit release by an Owner publishes
 * directly (a whole-company scope always goes to a second person). `scope.sources` becomes the
 * bundle's `monitored_paths` (docs/policies.md, Monitored paths) because no channel is named.
 */
export function paymentCardDraft(opts: {
  agentGroup: string;
  sources: string[];
  response?: 'audit' | 'block';
  changeReason?: string;
}): Record<string, unknown> {
  return {
    name: 'Payment cards at rest',
    severity: 'high',
    scope: { agent_groups: [opts.agentGroup], sources: opts.sources },
    condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1, require_validated: true },
    response: opts.response ?? 'audit',
    change_reason: opts.changeReason ?? 'card numbers found at rest on file shares',
  };
}

export interface Release {
  status: 'published' | 'pending_approval';
  bundle_version?: number;
}

/**
 * Publishes a version; when the server submits it for approval instead (block actions, warnings),
 * the second person approves it after a `policy_release` step-up. Answers the publish answer and,
 * where it was governed, the approval answer.
 */
export async function release(
  author: ApiClient,
  approver: { api: ApiClient; password: string } | null,
  policyId: string,
  version: number,
): Promise<{ published: Release; approved: Release | null }> {
  const published = await author.ok(
    author.post<Release>(`/policies/${policyId}/versions/${version}/publish`),
  );
  if (published.status === 'published' || approver === null) return { published, approved: null };
  await approver.api.ok(
    approver.api.post('/auth/step-up', { purpose: 'policy_release', password: approver.password }),
  );
  const approved = await approver.api.ok(
    approver.api.post<Release>(`/policies/${policyId}/versions/${version}/approve`),
  );
  return { published, approved };
}
