import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getPolicySigningKeys, policyTrustUpdateFor } from '../../src/modules/bundles/public.js';
import {
  createTestApp,
  insertEndpoint,
  type SignedIn,
  signInAs,
  type TestContext,
} from '../helpers/index.js';

/** The signing key routes (docs/signing-keys.md) through the real app: rules and refusals. */
let ctx: TestContext;
let owner: SignedIn;
beforeEach(async () => {
  ctx = await createTestApp({ now: '2026-11-25T00:00:00.000Z' });
  owner = await signInAs(ctx, { role: 'owner', tenant: 'acme' });
});
afterEach(async () => ctx.close());

async function call(who: SignedIn, method: 'GET' | 'POST', url: string) {
  const r = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: who.headers });
  return { status: r.statusCode, body: r.json() };
}

describe('policy signing key rotation routes', () => {
  it('need tenant:manage: an analyst is refused and nothing changes', async () => {
    const analyst = await signInAs(ctx, { role: 'security_analyst', tenant: 'acme' });
    expect((await call(analyst, 'GET', '/system/signing-keys')).status).toBe(403);
    expect((await call(analyst, 'POST', '/system/signing-keys/rotation')).status).toBe(403);
    expect((await call(owner, 'GET', '/system/signing-keys')).body.keys).toHaveLength(1);
  });

  it('finish without a start and retire of a key that is not rotating are refused (409), changing nothing', async () => {
    expect((await call(owner, 'POST', '/system/signing-keys/rotation/finish')).body.code).toBe(
      'signing_key.no_rotation',
    );
    const [key] = await getPolicySigningKeys(ctx.db, owner.tenantId, ctx.app.deps.keys.master);
    const r = await call(owner, 'POST', `/system/signing-keys/${key?.key_id}/retire`);
    expect(r).toMatchObject({ status: 409, body: { code: 'signing_key.not_rotating' } });
    expect((await call(owner, 'GET', '/system/signing-keys')).body).toMatchObject({
      trust_version: 0,
      rotation: null,
    });
  });

  it('two starts at once: one rotation, the other refused 409', async () => {
    const answers = await Promise.all([
      call(owner, 'POST', '/system/signing-keys/rotation'),
      call(owner, 'POST', '/system/signing-keys/rotation'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('signing_key.rotation_in_progress');
    const keys = (await call(owner, 'GET', '/system/signing-keys')).body;
    expect(keys.keys).toHaveLength(2);
    expect(keys.trust_version).toBe(1);
  });

  it("answers another tenant's key like a missing one (404)", async () => {
    const other = await signInAs(ctx, { role: 'owner', tenant: 'globex' });
    const theirs = (await call(other, 'POST', '/system/signing-keys/rotation')).body.keys[0].key_id;
    await call(other, 'POST', '/system/signing-keys/rotation/finish');
    expect((await call(owner, 'POST', `/system/signing-keys/${theirs}/retire`)).status).toBe(404);
    const missing = await call(
      owner,
      'POST',
      '/system/signing-keys/00000000-0000-4000-8000-000000000000/retire',
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual((await call(owner, 'POST', `/system/signing-keys/${theirs}/retire`)).body);
  });

  it('counts only active endpoints: a revoked one below the overlap does not hold retirement back', async () => {
    const device = await insertEndpoint(ctx, owner.tenantId);
    const started = (await call(owner, 'POST', '/system/signing-keys/rotation')).body;
    const old = started.keys.find((k: { state: string }) => k.state === 'active').key_id;
    expect(started.rotation).toMatchObject({
      overlap_trust_version: 1,
      endpoints_below_overlap: 1,
      device_ids: [device],
    });
    await call(owner, 'POST', '/system/signing-keys/rotation/finish');
    expect((await call(owner, 'POST', `/system/signing-keys/${old}/retire`)).status).toBe(409);
    await ctx.db.updateTable('devices').set({ status: 'revoked' }).where('id', '=', device).execute();
    const retired = await call(owner, 'POST', `/system/signing-keys/${old}/retire`);
    expect(retired.status).toBe(200);
    expect(retired.body.trust_version).toBe(2);
    // An endpoint at version 0 steps through revision 1 first, never straight to 2.
    const next = await policyTrustUpdateFor(ctx.db, owner.tenantId, 0);
    const payload = JSON.parse(Buffer.from(next?.payload_b64 ?? '', 'base64').toString('utf8'));
    expect(payload).toMatchObject({ version: 1, tenant_id: owner.tenantId });
    expect(next?.key_id).toBe(old);
    expect(await policyTrustUpdateFor(ctx.db, owner.tenantId, 2)).toBeNull();
  });
});
