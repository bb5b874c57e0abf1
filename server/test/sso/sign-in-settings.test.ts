import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs, stepUp } from '../helpers/sign-in.js';
import type { TestContext } from '../helpers/test-app.js';
import { type OidcPeer, startOidcPeer } from './oidc-peer.js';
import { CALLBACK, createSsoApp, ownerWithProvider, saveProvider } from './sso-app.js';

const PASSWORD = 'violet-harbour-lantern-42';
let peer: OidcPeer;
let ctx: TestContext;
beforeAll(async () => {
  peer = await startOidcPeer(CALLBACK);
});
afterAll(async () => {
  await peer.close();
});
beforeEach(async () => {
  ctx = await createSsoApp();
});
afterEach(async () => {
  await ctx.close();
});

type Who = Awaited<ReturnType<typeof signInAs>>;
async function setMode(who: Who, body: Record<string, unknown>) {
  await stepUp(ctx, who, 'sign_in_settings');
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/settings/sign-in-mode',
    headers: who.headers,
    payload: { reason: 'move to single sign-on', ...body },
  });
}
const login = (tenant: string, email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { tenant, email, password } });

describe('/settings/oidc (document 3)', () => {
  it('the secret and CA certificate are write-only; omitting them keeps the stored ones', async () => {
    const owner = await ownerWithProvider(ctx, peer, {
      ca_certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
    });
    const read = await ctx.app.inject({ url: '/api/v1/settings/oidc', headers: owner.headers });
    expect(read.json()).toMatchObject({
      configured: true,
      has_client_secret: true,
      has_ca_certificate: true,
    });
    expect(read.body).not.toContain(peer.clientSecret);
    expect(read.body).not.toContain('BEGIN CERTIFICATE');
    // JSON leaves undefined out: the request omits the secret.
    await saveProvider(ctx, owner, peer, { client_secret: undefined, display_name: 'Renamed' });
    const again = (await ctx.app.inject({ url: '/api/v1/settings/oidc', headers: owner.headers })).json();
    expect(again).toMatchObject({
      display_name: 'Renamed',
      has_client_secret: true,
      has_ca_certificate: true,
    });
    const stored = await ctx.db.selectFrom('oidc_providers').selectAll().executeTakeFirstOrThrow();
    expect(stored.client_secret_sealed).not.toContain(peer.clientSecret);
    const audit = await ctx.db.selectFrom('audit_events').select('metadata').execute();
    for (const a of audit) expect(a.metadata).not.toContain(peer.clientSecret);
  });

  it('saving needs sso:write and a sign_in_settings step-up; an Admin lacks sso:write', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const bare = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/settings/oidc',
      headers: owner.headers,
      payload: {
        issuer: peer.issuer,
        client_id: 'x',
        display_name: 'X',
        role_mappings: [],
        enabled: false,
        reason: 'r',
      },
    });
    expect(bare.json().code).toBe('auth.step_up_required');
    const admin = await signInAs(ctx, { role: 'admin', tenant: owner.tenantSlug });
    const refused = await saveProvider(ctx, admin, peer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('sso:write');
  });

  it('only an Owner saves or removes a provider that makes Owners; no mapping and no default is refused; custom is not a mapping', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    await stepUp(ctx, owner, 'role_change');
    const role = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/roles',
      headers: owner.headers,
      payload: { name: 'SSO keepers', permissions: ['sso:write', 'system:read'] },
    });
    const keeper = await signInAs(ctx, {
      role: 'custom',
      customRoleId: role.json().id,
      tenant: owner.tenantSlug,
    });
    const makesOwners = await saveProvider(ctx, keeper, peer, { default_role: 'owner' });
    expect(makesOwners.statusCode).toBe(403);
    expect((await saveProvider(ctx, keeper, peer)).statusCode).toBe(200);
    expect(
      (await saveProvider(ctx, owner, peer, { role_mappings: [{ group: 'g', role: 'owner' }] })).statusCode,
    ).toBe(200);
    // Now the stored provider makes Owners: the keeper may neither change nor remove it.
    expect((await saveProvider(ctx, keeper, peer)).statusCode).toBe(403);
    await stepUp(ctx, keeper, 'sign_in_settings');
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/settings/oidc',
      headers: keeper.headers,
      payload: { reason: 'x' },
    });
    expect(remove.statusCode).toBe(403);
    const empty = await saveProvider(ctx, owner, peer, { role_mappings: [], default_role: null });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().details[0].field).toBe('role_mappings');
    const custom = await saveProvider(ctx, owner, peer, { role_mappings: [{ group: 'g', role: 'custom' }] });
    expect(custom.statusCode).toBe(422);
  });

  it('refuses an issuer that is not https (http only on loopback)', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const res = await saveProvider(ctx, owner, peer, { issuer: 'http://idp.example.com' });
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0].field).toBe('issuer');
  });
});

describe('/settings/sign-in-mode (document 3)', () => {
  it('turning on needs an enabled provider (409) and a named active local Owner with a password (422)', async () => {
    const owner = await signInAs(ctx, { role: 'owner', password: PASSWORD });
    expect((await setMode(owner, { sso_only: true, break_glass: [owner.userId] })).statusCode).toBe(409);
    await saveProvider(ctx, owner, peer);
    const none = await setMode(owner, { sso_only: true, break_glass: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().details[0].field).toBe('break_glass');
    const admin = await signInAs(ctx, { role: 'admin', tenant: owner.tenantSlug, password: PASSWORD });
    const noPassword = await signInAs(ctx, { role: 'owner', tenant: owner.tenantSlug });
    const wrong = await setMode(owner, {
      sso_only: true,
      break_glass: [owner.userId, admin.userId, noPassword.userId],
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().details.map((d: { field: string }) => d.field)).toEqual([
      'break_glass[1]',
      'break_glass[2]',
    ]);
    expect(
      (await ctx.app.inject({ url: '/api/v1/settings/sign-in-mode', headers: owner.headers })).json()
        .sso_only,
    ).toBe(false);
    const on = await setMode(owner, { sso_only: true, break_glass: [owner.userId] });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ sso_only: true, break_glass: [owner.userId] });
  });

  it('while on: password sign-in refused (403) only after the right password; break-glass signs in, audited', async () => {
    const owner = await signInAs(ctx, { role: 'owner', password: PASSWORD });
    const other = await signInAs(ctx, { role: 'owner', tenant: owner.tenantSlug, password: PASSWORD });
    await saveProvider(ctx, owner, peer);
    await setMode(owner, { sso_only: true, break_glass: [owner.userId] });
    expect((await login(owner.tenantSlug, other.email, 'not-the-password-at-all')).statusCode).toBe(401);
    const refused = await login(owner.tenantSlug, other.email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.sso_required');
    expect(refused.headers['set-cookie']).toBeUndefined();
    // Sessions opened earlier are not ended.
    expect((await ctx.app.inject({ url: '/api/v1/auth/me', headers: other.headers })).statusCode).toBe(200);
    const glass = await login(owner.tenantSlug, owner.email, PASSWORD);
    expect(glass.statusCode).toBe(200);
    const audit = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'auth.break_glass_sign_in')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ subject_id: owner.userId })]);
  });

  it('while on, the provider cannot be disabled or removed (409)', async () => {
    const owner = await signInAs(ctx, { role: 'owner', password: PASSWORD });
    await saveProvider(ctx, owner, peer);
    await setMode(owner, { sso_only: true, break_glass: [owner.userId] });
    expect((await saveProvider(ctx, owner, peer, { enabled: false })).statusCode).toBe(409);
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/settings/oidc',
      headers: owner.headers,
      payload: { reason: 'switching providers' },
    });
    expect(remove.statusCode).toBe(409);
    expect((await setMode(owner, { sso_only: false, break_glass: [] })).statusCode).toBe(200);
    expect((await saveProvider(ctx, owner, peer, { enabled: false })).statusCode).toBe(200);
  });
});
