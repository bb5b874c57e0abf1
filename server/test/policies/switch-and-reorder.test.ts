import { describe, expect, it } from 'vitest';
import { getLatestBundle } from '../../src/modules/bundles/public.js';
import { stepUp } from '../helpers/index.js';
import { cardsToUsb, policyApp } from './policy-app.js';

const draft = (over: Record<string, unknown> = {}) => cardsToUsb('first release of the card rule', over);

const t = policyApp({ also: ['admin'] });
const { postAs: post } = t;

async function published(over: Record<string, unknown> = {}): Promise<string> {
  const id = (await post(t.owner, '/policies', draft(over))).json().policy_id as string;
  const r = await post(t.owner, `/policies/${id}/versions/1/publish`);
  if (r.json().status !== 'published') {
    await stepUp(t.ctx, t.admin, 'policy_release');
    await post(t.admin, `/policies/${id}/versions/1/approve`);
  }
  return id;
}

async function shippedIds(): Promise<string[]> {
  const b = await getLatestBundle(t.ctx.db, t.owner.tenantId);
  const env = b?.envelope as { payload_b64: string };
  return (
    JSON.parse(Buffer.from(env.payload_b64, 'base64').toString()) as { policies: { policy_id: string }[] }
  ).policies.map((p) => p.policy_id);
}

describe('enable and disable', () => {
  it('switches a targeted low-risk policy off directly, out of the bundle, and back on', async () => {
    const id = await published();
    const off = await post(t.owner, `/policies/${id}/enabled`, { enabled: false, reason: 'noisy this week' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, bundle_version: 2 });
    expect(await shippedIds()).toEqual([]);
    expect(
      (await post(t.owner, `/policies/${id}/enabled`, { enabled: false, reason: 'again' })).statusCode,
    ).toBe(409);
    // A release never enables a disabled policy.
    await post(t.owner, `/policies/${id}/versions`, draft({ severity: 'low' }));
    const rel = await post(t.owner, `/policies/${id}/versions/2/publish`);
    expect(rel.json()).toMatchObject({ policy_disabled: true, bundle_version: null });
    const on = await post(t.owner, `/policies/${id}/enabled`, { enabled: true, reason: 'back on now' });
    expect(on.json()).toMatchObject({ enabled: true, bundle_version: 3 });
    expect(await shippedIds()).toEqual([id]);
  });

  it('governs disabling a blocking policy: 202, requester cannot approve, another approver applies it', async () => {
    const id = await published({ response: 'block' });
    const r = await post(t.owner, `/policies/${id}/enabled`, { enabled: false, reason: 'false positives' });
    expect(r.statusCode).toBe(202);
    expect(r.json()).toMatchObject({ status: 'pending_approval', bundle_version: null });
    const requestId = r.json().request_id as string;
    expect(await shippedIds()).toEqual([id]);
    await stepUp(t.ctx, t.owner, 'policy_release');
    const self = await post(t.owner, `/policies/${id}/disable/${requestId}/approve`);
    expect(self.statusCode).toBe(403);
    await stepUp(t.ctx, t.admin, 'policy_release');
    const ok = await post(t.admin, `/policies/${id}/disable/${requestId}/approve`);
    expect(ok.statusCode).toBe(200);
    expect(await shippedIds()).toEqual([]);
    expect((await post(t.admin, `/policies/${id}/disable/${requestId}/approve`)).statusCode).toBe(409);
  });

  it('lets only the requester withdraw, and a rejected request is closed', async () => {
    const id = await published({ response: 'block' });
    const a = (await post(t.owner, `/policies/${id}/enabled`, { enabled: false, reason: 'first try' })).json()
      .request_id;
    expect(
      (await post(t.admin, `/policies/${id}/disable/${a}/withdraw`, { reason: 'not mine' })).statusCode,
    ).toBe(403);
    expect(
      (await post(t.owner, `/policies/${id}/disable/${a}/withdraw`, { reason: 'changed my mind' }))
        .statusCode,
    ).toBe(204);
    const b = (
      await post(t.owner, `/policies/${id}/enabled`, { enabled: false, reason: 'second try' })
    ).json().request_id;
    expect(
      (await post(t.admin, `/policies/${id}/disable/${b}/reject`, { reason: 'keep it on' })).statusCode,
    ).toBe(204);
    await stepUp(t.ctx, t.admin, 'policy_release');
    expect((await post(t.admin, `/policies/${id}/disable/${b}/approve`)).statusCode).toBe(409);
    const refused = await t.ctx.db
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
      (await post(t.owner, '/policies/reorder', { order: [b, a], reason: 'second first' })).statusCode,
    ).toBe(403);
    await stepUp(t.ctx, t.owner, 'policy_release');
    const partial = await post(t.owner, '/policies/reorder', { order: [b], reason: 'second first' });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().details[0].field).toBe('order');
    expect(
      (await post(t.owner, '/policies/reorder', { order: [b, b], reason: 'twice listed' })).statusCode,
    ).toBe(422);
    const ok = await post(t.owner, '/policies/reorder', { order: [b, a], reason: 'second first' });
    expect(ok.statusCode).toBe(200);
    expect(await shippedIds()).toEqual([b, a]);
  });

  it('changes the group without a version or a bundle, audited', async () => {
    const id = await published();
    const before = (await getLatestBundle(t.ctx.db, t.owner.tenantId))?.version;
    const r = await post(t.owner, `/policies/${id}/group`, { group: 'removable_media' });
    expect(r.statusCode).toBe(200);
    expect((await getLatestBundle(t.ctx.db, t.owner.tenantId))?.version).toBe(before);
    const row = await t.get(`/policies/${id}`);
    expect(row.json()).toMatchObject({
      group: 'removable_media',
      effective_group: 'removable_media',
      latest_version: 1,
    });
    expect((await post(t.owner, `/policies/${id}/group`, { group: 'nonsense' })).statusCode).toBe(422);
  });
});
