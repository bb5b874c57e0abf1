import type { LightMyRequestResponse } from 'fastify';
import { type SignedIn, signInAs, type TestContext } from '../helpers/index.js';

/** Console calls as one person of one tenant (`/api/v1` prefixed). */
export function as(ctx: () => TestContext, who: () => SignedIn) {
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    ctx().app.inject({ method, url: `/api/v1${url}`, headers: who().headers, payload: payload as object });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload),
  };
}

export type Caller = ReturnType<typeof as>;

/** Two tenants on one app, each with a signed-in owner. */
export async function twoTenants(ctx: TestContext): Promise<{ a: SignedIn; b: SignedIn }> {
  return { a: await signInAs(ctx, { role: 'owner' }), b: await signInAs(ctx, { role: 'owner' }) };
}

/** A classification `pci` (cards) and a custom detector `acme_ref` in the caller's tenant. */
export async function cardObjects(c: Caller): Promise<void> {
  const d = await c.post('/detectors', {
    id: 'acme_ref',
    category: 'financial',
    pattern: 'ACME-[0-9]{6}',
    confidence: 75,
  });
  if (d.statusCode !== 201) throw new Error(`detector: ${d.body}`);
  const k = await c.post('/classifications', {
    classification_id: 'pci',
    name: 'PCI',
    rules: [
      {
        rule_id: 'r1',
        name: 'cards',
        elements: [
          {
            element_id: 'e1',
            detector_id: 'payment_card',
            min_matches: 1,
            min_confidence: 0,
            require_validated: true,
          },
        ],
      },
    ],
  });
  if (k.statusCode !== 201) throw new Error(`classification: ${k.body}`);
}

/** A targeted rule: PCI data or an ACME reference uploaded from the Finance group. */
export const pciPolicy = {
  name: 'PCI uploads',
  description: 'cards leaving through the browser',
  owner: 'owner@example.com',
  severity: 'high',
  group: 'web',
  scope: { channels: ['browser_upload'], agent_groups: ['Finance'] },
  condition: {
    op: 'or',
    nodes: [
      { op: 'classification', classification_id: 'pci', classification_version: 1, revision: 1 },
      { op: 'detector', detector_id: 'acme_ref' },
    ],
  },
  response: 'require_justification',
  change_reason: 'protect card data uploads',
};

export const CARDS = 'cards 4111 1111 1111 1111 and 5555 5555 5555 4444 in the sheet';
