import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/http/tokens.js';
import { signInAs, stepUp } from '../helpers/sign-in.js';
import type { TestContext } from '../helpers/test-app.js';
import { createScimToken, SCIM, saveProvider, scim, scimApp, scimTenant } from './scim-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await scimApp();
});
afterAll(async () => ctx.close());

const DAY = 86_400_000;

describe('/settings/scim-tokens (document 3, Provisioning)', () => {
  it('creates a token shown once, stored hashed, 180 days by default, audited without the secret', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const res = await createScimToken(ctx, owner, { name: 'Okta' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^dlpscim_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.expires) - ctx.clock.now().getTime()).toBe(180 * DAY);
    expect(body).toMatchObject({ name: 'Okta', last_used_at: null, revoked_at: null, state: 'active' });
    const row = await ctx.db
      .selectFrom('scim_tokens')
      .selectAll()
      .where('public_id', '=', body.public_id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256Hex(body.token));
    expect(JSON.stringify(row)).not.toContain(body.token);
    const listed = await ctx.app.inject({ url: '/api/v1/settings/scim-tokens', headers: owner.headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(body.token);
    expect(listed.json()).toEqual({
      items: [{ ...body, token: undefined }].map(({ token: _t, ...rest }) => rest),
      base_path: `${ctx.config.publicUrl}/api/v1/scim/v2`,
      provisioned_accounts: 0,
    });
    const audit = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'scim_token.created')
      .where('tenant_id', '=', owner.tenantId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_type: 'user', actor_id: owner.userId, subject_id: body.public_id });
    expect(audit.metadata).not.toContain(body.token);
    expect(audit.metadata).not.toContain(row.token_hash);
  });

  it('needs sso:write (Admins lack it), a fresh step-up, and at most 365 days', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const admin = await signInAs(ctx, { role: 'admin', tenant: owner.tenantSlug });
    await stepUp(ctx, admin, 'sign_in_settings');
    const byAdmin = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/settings/scim-tokens',
      headers: admin.headers,
      payload: { name: 'x' },
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toContain('sso:write');
    expect(
      (await ctx.app.inject({ url: '/api/v1/settings/scim-tokens', headers: admin.headers })).statusCode,
    ).toBe(403);
    const noStepUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/settings/scim-tokens',
      headers: owner.headers,
      payload: { name: 'x' },
    });
    expect(noStepUp.json().code).toBe('auth.step_up_required');
    const tooLong = await createScimToken(ctx, owner, { expires_in_days: 366 });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().details[0].field).toBe('expires_in_days');
    const year = await createScimToken(ctx, owner, { expires_in_days: 365 });
    expect(Date.parse(year.json().expires) - ctx.clock.now().getTime()).toBe(365 * DAY);
    expect(
      await ctx.db.selectFrom('scim_tokens').selectAll().where('tenant_id', '=', owner.tenantId).execute(),
    ).toHaveLength(1);
  });

  it('revoke: audited with the reason, the token stops at once; twice is 409, another tenant 404', async () => {
    const s = await scimTenant(ctx);
    expect((await scim(s, 'GET', '/Users')).statusCode).toBe(200);
    const publicId = (
      await ctx.app.inject({ url: '/api/v1/settings/scim-tokens', headers: s.owner.headers })
    ).json().items[0].public_id as string;
    const other = await signInAs(ctx, { role: 'owner' });
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/settings/scim-tokens/${publicId}/revoke`,
      headers: other.headers,
      payload: { reason: 'not mine' },
    });
    expect(foreign.statusCode).toBe(404);
    const revoke = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/settings/scim-tokens/${publicId}/revoke`,
        headers: s.owner.headers,
        payload: { reason: 'rotated' },
      });
    expect((await revoke()).json()).toEqual({ revoked: true });
    expect((await revoke()).statusCode).toBe(409);
    const refused = await scim(s, 'GET', '/Users');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('application/scim+json');
    const audit = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'scim_token.revoked')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.metadata)).toMatchObject({ token_public_id: publicId, reason: 'rotated' });
  });

  it('an expired token is refused; last_used_at is written on use', async () => {
    const s = await scimTenant(ctx);
    await scim(s, 'GET', '/Users');
    const row = await ctx.db
      .selectFrom('scim_tokens')
      .selectAll()
      .where('token_hash', '=', sha256Hex(s.token))
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBe(ctx.clock.now().toISOString());
    const start = ctx.clock.now();
    ctx.clock.advance(180 * DAY);
    try {
      expect((await scim(s, 'GET', '/Users')).statusCode).toBe(401);
      const listed = await ctx.app.inject({ url: '/api/v1/settings/scim-tokens', headers: s.owner.headers });
      expect(listed.statusCode).toBe(401); // the owner's session ended long ago
    } finally {
      ctx.clock.set(start);
    }
  });
});

describe('who opens the SCIM routes', () => {
  it('only a SCIM token: none, a session or an API token is 401 in the RFC 7644 shape', async () => {
    const s = await scimTenant(ctx);
    await stepUp(ctx, s.owner, 'sign_in_settings');
    const api = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-tokens',
      headers: s.owner.headers,
      payload: { name: 'ops', scopes: ['sso:write'] },
    });
    const cases = [
      {},
      s.owner.headers,
      { authorization: `Bearer ${api.json().token}` },
      { authorization: 'Bearer dlpscim_forged' },
    ];
    for (const headers of cases) {
      const res = await ctx.app.inject({ url: `${SCIM}/Users`, headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/scim+json');
      expect(res.json()).toEqual({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '401',
        detail: 'a valid SCIM token is required',
      });
    }
  });

  it('requires single sign-on configured and enabled (403)', async () => {
    const s = await scimTenant(ctx);
    await saveProvider(ctx, s.owner, { enabled: false });
    const res = await scim(s, 'GET', '/ServiceProviderConfig');
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain('single sign-on');
    await saveProvider(ctx, s.owner);
    const ok = await scim(s, 'GET', '/ServiceProviderConfig');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('application/scim+json');
    expect(ok.json()).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
    });
    const types = (await scim(s, 'GET', '/ResourceTypes')).json();
    expect(types.Resources.map((r: { endpoint: string }) => r.endpoint)).toEqual(['/Users', '/Groups']);
  });

  it('describes the stored attributes at /Schemas (RFC 7643 section 7)', async () => {
    const s = await scimTenant(ctx);
    const res = await scim(s, 'GET', '/Schemas');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/scim+json');
    const body = res.json();
    expect(body.totalResults).toBe(3);
    const byName = Object.fromEntries(
      body.Resources.map((r: { name: string; attributes: { name: string }[] }) => [
        r.name,
        r.attributes.map((a) => a.name),
      ]),
    );
    expect(byName).toEqual({
      User: ['userName', 'name', 'displayName', 'active', 'emails'],
      EnterpriseUser: ['department'],
      Group: ['displayName', 'members'],
    });
    expect(body.Resources[0]).toMatchObject({
      id: 'urn:ietf:params:scim:schemas:core:2.0:User',
      description: 'User Account',
      meta: { resourceType: 'Schema' },
    });
    const userName = body.Resources[0].attributes[0];
    expect(userName).toMatchObject({ required: true, uniqueness: 'server', type: 'string' });
    // Only a SCIM token opens it.
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/scim/v2/Schemas' });
    expect(anonymous.statusCode).toBe(401);
  });
});
