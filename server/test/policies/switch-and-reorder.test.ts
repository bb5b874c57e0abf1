import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getLatestBundle } from '../../src/modules/bundles/public.js';
import { createTestApp, type SignedIn, signInAs, stepUp, type TestContext } from '../helpers/index.js';

const draft = (over: Record<string, unknown> = {}) => ({
  name: 'Cards to USB',
  severity: 'high',
  scope: { channels: ['removable_storage'], agent_groups: ['Finance'] },
  condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
  response: 'audit',
  change_reason: 'first release of the card rule',
  ...over,
});

let ctx: TestContext;
let owner: SignedIn;
let admin: SignedIn;

beforeEach(async () => {
  ctx = await createTestApp();
  owner = await signInAs(ctx, { role: 'owner' });
  admin = await signInAs(ctx, { role: 'admin', tenant: owner.tenantSlug });
});
afterEach(async () => ctx.close());

const post = (who: SignedIn, url: string, payload?: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: who.headers, payload: payload as object });

async function published(over: Record<string, unknown> = {}): Promise<string> {
  const id = (await post(owner, '/policies', draft(over))).json().policy_id as string;
  const r = await post(owner, `/policies/${id}/versions/1/publish`);
  if (r.json().status !== 'published') {
    await stepUp(ctx, admin, 'policy_release');
    await post(admin, `/policies/${id}/versions/1/approve`);
  }
  return id;
}

async function shippedIds(): Promise<string[]> {
  const b = await getLatestBundle(ctx.db, owner.tenantId);
  const env = b?.envelope as { payload_b64: string };
  return (
    JSON.parse(Buffer.from(env.payload_b64, 'base64').toString()) as { policies: { policy_id: string }[] }
  ).policies.map((p) => p.policy_id);
}

describe('enable and disable', () => {
  it('switches a targeted low-risk policy off directly, out of the bundle, and back on', async () => {
    const id = await published();
    const off = await post(owner, `/policies/${id}/enabled`, { enabled: false, reason: 'noisy this week' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, bundle_version: 2 });
    expect(await shippedIds()).toEqual([]);
    expect(
      (await post(owner, `/policies/${id}/enabled`, { enabled: false, reason: 'again' })).statusCode,
    ).toBe(409);
    // A release never enables a disabled policy.
    await post(owner, `/policies/${id}/versions`, draft({ severity: 'low' }));
    const rel = await post(owner, `/policies/${id}/versions/2/publish`);
    expect(rel.json()).toMatchObject({ policy_disabled: true, bundle_version: null });
    const on = await post(owner, `/policies/${id}/enabled`, { enabled: true, reason: 'back on now' });
    expect(on.json()).toMatchObject({ enabled: true, bundle_version: 3 });
    expect(await shippedIds()).toEqual([id]);
  });

  it('governs disabling a blocking policy: 202, requester cannot approve, another approver applies it', async () => {
    const id = await published({ response: 'block' });
    const r = await post(owner, `/policies/${id}/enabled`, { enabled: false, reason: 'false positives' });
    expect(r.statusCode).toBe(202);
    expect(r.json()).toMatchObject({ status: 'pending_approval', bundle_version: null });
    const requestId = r.json().request_id as string;
    expect(await shippedIds()).toEqual([id]);
    await stepUp(ctx, owner, 'policy_release');
    const self = await post(owner, `/policies/${id}/disable/${requestId}/approve`);
    expect(self.statusCode).toBe(403);
    await stepUp(ctx, admin, 'policy_release');
    const ok = await post(admin, `/policies/${id}/disable/${requestId}/approve`);
    expect(ok.statusCode).toBe(200);
    expect(await shippedIds()).toEqual([]);
    expect((await post(admin, `/policies/${id}/disable/${requestId}/approve`)).statusCode).toBe(409);
  });

  it('lets only the requester withdraw, and a rejected request is closed', async () => {
    const id = await published({ response: 'block' });
    const a = (await post(owner, `/policies/${id}/enabled`, { enabled: false, reason: 'first try' })).json()
      .request_id;
    expect(
      (await post(admin, `/policies/${id}/disable/${a}/withdraw`, { reason: 'not mine' })).statusCode,
    ).toBe(403);
    expect(
      (await post(owner, `/policies/${id}/disable/${a}/withdraw`, { reason: 'changed my mind' })).statusCode,
    ).toBe(204);
    const b = (await post(owner, `/policies/${id}/enabled`, { enabled: false, reason: 'second try' })).json()
      .request_id;
    expect(
      (await post(admin, `/policies/${id}/disable/${b}/reject`, { reason: 'keep it on' })).statusCode,
    ).toBe(204);
    await stepUp(ctx, admin, 'policy_release');
    expect((await post(admin, `/policies/${id}/disable/${b}/approve`)).statusCode).toBe(409);
    const refused = await ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'policy.lifecycle_refused')
      .execute();
    expect(refused.length).toBe(2);
  });
});

describe('reorder and group', () => {
  it('needs a step-up and every policy once; stamps the new positions as priority', async () => {
    const a = await published();
    const b = await published({ name: 'Second' });
    expect(
      (await post(owner, '/policies/reorder', { order: [b, a], reason: 'second first' })).statusCode,
    ).toBe(403);
    await stepUp(ctx, owner, 'policy_release');
    const partial = await post(owner, '/policies/reorder', { order: [b], reason: 'second first' });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().details[0].field).toBe('order');
    expect(
      (await post(owner, '/policies/reorder', { order: [b, b], reason: 'twice listed' })).statusCode,
    ).toBe(422);
    const ok = await post(owner, '/policies/reorder', { order: [b, a], reason: 'second first' });
    expect(ok.statusCode).toBe(200);
    expect(await shippedIds()).toEqual([b, a]);
  });

  it('changes the group without a version or a bundle, audited', async () => {
    const id = await published();
    const before = (await getLatestBundle(ctx.db, owner.tenantId))?.version;
    const r = await post(owner, `/policies/${id}/group`, { group: 'removable_media' });
    expect(r.statusCode).toBe(200);
    expect((await getLatestBundle(ctx.db, owner.tenantId))?.version).toBe(before);
    const row = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/policies/${id}`,
      headers: owner.headers,
    });
    expect(row.json()).toMatchObject({
      group: 'removable_media',
      effective_group: 'removable_media',
      latest_version: 1,
    });
    expect((await post(owner, `/policies/${id}/group`, { group: 'nonsense' })).statusCode).toBe(422);
  });
});
