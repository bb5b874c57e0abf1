import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, insertEndpoint, type SignedIn, signInAs, type TestContext } from './helpers/index.js';

/**
 * Issue 14: an agent's own reports reach the console through closed schemas. Unlisted fields
 * never appear, and a listed field of the wrong type is dropped rather than failing the list.
 */
let ctx: TestContext;
let owner: SignedIn;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signInAs(ctx, { role: 'owner' });
});
afterAll(async () => ctx.close());

it('GET /agents shows the listed capability and health fields only, each of its type', async () => {
  const id = await insertEndpoint(ctx, owner.tenantId, {
    capabilities: {
      os: 'linux',
      features: ['scope_exclusions'],
      channels: {
        discovery: { observe: true, block: false, notify: false, reason: 'r', secret: 'x' },
        not_a_channel: { observe: true, block: true, notify: true },
      },
      leaked_token: 'cus_secret',
    },
  });
  await ctx.db
    .updateTable('devices')
    .set({
      health: JSON.stringify({
        queue_depth: 'seven',
        events_rejected: 2,
        bundle_refusal: { code: 'bundle.key_unknown', offered_version: 3, matched_text: '4111111111111111' },
        clipboard_sample: '4111111111111111',
      }),
    })
    .where('id', '=', id)
    .execute();
  for (const url of [`/api/v1/agents/${id}`, '/api/v1/agents']) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.payload).not.toContain('4111111111111111');
    expect(res.payload).not.toContain('cus_secret');
    expect(res.payload).not.toContain('not_a_channel');
    const agent = url.endsWith(id) ? res.json() : res.json().items[0];
    expect(agent.capabilities).toEqual({
      os: 'linux',
      features: ['scope_exclusions'],
      channels: { discovery: { observe: true, block: false, notify: false, reason: 'r' } },
    });
    expect(agent.health).toEqual({
      events_rejected: 2,
      bundle_refusal: { code: 'bundle.key_unknown', offered_version: 3 },
    });
  }
});
