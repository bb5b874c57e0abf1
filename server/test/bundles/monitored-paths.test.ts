import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getLatestBundle } from '../../src/modules/bundles/public.js';
import { consoleCalls, createTestApp, type SignedIn, signInAs, type TestContext } from '../helpers/index.js';

let ctx: TestContext;
let owner: SignedIn;
beforeEach(async () => {
  ctx = await createTestApp();
  owner = await signInAs(ctx, { role: 'owner' });
});
afterEach(async () => ctx.close());

const { post } = consoleCalls(
  () => ctx,
  () => owner.headers,
);

async function publish(name: string, scope: Record<string, unknown>): Promise<void> {
  const created = await post('/policies', {
    name,
    severity: 'medium',
    scope: { agent_groups: ['Finance'], ...scope },
    condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
    response: 'audit',
    change_reason: 'watch the folders where card data lands',
  });
  expect(created.statusCode).toBe(201);
  const r = await post(`/policies/${created.json().policy_id}/versions/1/publish`);
  expect(r.json().status).toBe('published');
}

async function shippedPaths(): Promise<string[]> {
  const env = (await getLatestBundle(ctx.db, owner.tenantId))?.envelope as { payload_b64: string };
  return JSON.parse(Buffer.from(env.payload_b64, 'base64').toString()).monitored_paths;
}

describe('monitored paths in the bundle', () => {
  it('ships the source paths of policies that match content at rest, sorted and without repeats', async () => {
    await publish('Shares', { sources: ['/srv/share', '/home/finance'] });
    await publish('Discovery only', { channels: ['discovery'], sources: ['/srv/share', '/data/exports'] });
    // A leaving channel alone never makes an endpoint walk a folder.
    await publish('Stick copies', { channels: ['removable_storage'], sources: ['/media/only-sticks'] });
    expect(await shippedPaths()).toEqual(['/data/exports', '/home/finance', '/srv/share']);
  });

  it('ships no paths when no policy names a source', async () => {
    await publish('Everywhere', { channels: ['file_create'] });
    expect(await shippedPaths()).toEqual([]);
  });
});
