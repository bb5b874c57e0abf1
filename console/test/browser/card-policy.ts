import { expect } from 'vitest';
import { paymentCardDraft } from '../../../agent/test/helpers/card-policy-api.js';
import type { ConsoleServer } from './harness.js';

/**
 * Creates and publishes the payment-card policy for one endpoint group over the API as the Owner
 * (scoped to a group, an Owner's audit release publishes without a second person). Answers its id.
 */
export async function publishCardPolicy(s: ConsoleServer, group: string, sources: string[]): Promise<string> {
  const token = (await s.api('POST', '/auth/login', s.owner)).json.token as string;
  const policy = await s.api('POST', '/policies', paymentCardDraft({ agentGroup: group, sources }), token);
  expect(policy.status, JSON.stringify(policy.json)).toBe(201);
  const id = policy.json.policy_id as string;
  const published = await s.api('POST', `/policies/${id}/versions/1/publish`, undefined, token);
  expect(published.json.status, JSON.stringify(published.json)).toBe('published');
  return id;
}
