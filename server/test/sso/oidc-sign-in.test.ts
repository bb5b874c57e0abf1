import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../helpers/sign-in.js';
import type { TestContext } from '../helpers/test-app.js';
import { type OidcPeer, signInAtProvider, startOidcPeer } from './oidc-peer.js';
import {
  CALLBACK,
  CONSOLE,
  createSsoApp,
  deliverCallback,
  exchange,
  ownerWithProvider,
  saveProvider,
  start,
} from './sso-app.js';

let peer: OidcPeer;
let ctx: TestContext;
beforeAll(async () => {
  peer = await startOidcPeer(CALLBACK);
  peer.accounts.set('alice', {
    email: 'alice@example.com',
    email_verified: true,
    name: 'Alice Example',
    groups: ['6f1e3c52-analysts'],
  });
  peer.accounts.set('bob', {
    email: 'bob@example.com',
    email_verified: true,
    name: 'Bob',
    groups: ['unmapped'],
  });
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

async function fullSignIn(tenant: string, login: string): Promise<URL> {
  const url = await start(ctx, tenant);
  expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
  return deliverCallback(ctx, await signInAtProvider(url, login, CALLBACK));
}

describe('OpenID Connect sign-in against a real provider (Authorization Code + PKCE)', () => {
  it('signs a mapped person in through the provider forms; the handoff opens one session, once', async () => {
    const owner = await ownerWithProvider(ctx, peer);
    const available = await ctx.app.inject({ url: `/api/v1/auth/oidc/available?tenant=${owner.tenantSlug}` });
    expect(available.json()).toEqual({ enabled: true, display_name: 'Example IdP' });
    const landed = await fullSignIn(owner.tenantSlug, 'alice');
    expect(`${landed.origin}${landed.pathname}`).toBe(`${CONSOLE}/sign-in`);
    const handoff = landed.searchParams.get('sso_handoff');
    expect(handoff).toBeTruthy();
    const opened = await exchange(ctx, handoff!);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().user).toMatchObject({ email: 'alice@example.com', role: 'security_analyst' });
    expect(opened.headers['set-cookie']).toBeDefined();
    const me = await ctx.app.inject({
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${opened.json().token}` },
    });
    expect(me.json()).toMatchObject({ role: 'security_analyst', display_name: 'Alice Example' });
    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'alice@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ federated: 1, password_hash: null, status: 'active' });
    const created = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.federated_created')
      .execute();
    expect(created.map((e) => [e.subject_id, JSON.parse(e.metadata).role])).toEqual([
      [row.id, 'security_analyst'],
    ]);
    expect((await exchange(ctx, handoff!)).statusCode).toBe(401);
  });

  it('a handoff lives sixty seconds', async () => {
    const owner = await ownerWithProvider(ctx, peer);
    const handoff = (await fullSignIn(owner.tenantSlug, 'alice')).searchParams.get('sso_handoff')!;
    ctx.clock.advance(61_000);
    expect((await exchange(ctx, handoff)).statusCode).toBe(401);
  });

  it('the callback applies the token checks: an ID token issued in the future of the server clock is refused', async () => {
    // The provider signs with real time; the server's clock now runs five minutes behind it, so
    // the token's iat is beyond the one-minute leeway (the state, made at real time, is still
    // valid: the refusal is the token's). token-checks.test.ts covers each rule on its own.
    const owner = await ownerWithProvider(ctx, peer);
    const url = await start(ctx, owner.tenantSlug);
    const callback = await signInAtProvider(url, 'alice', CALLBACK);
    ctx.clock.advance(-5 * 60_000);
    const refused = await deliverCallback(ctx, callback);
    expect(refused.searchParams.get('sso_error')).toBe('sign_in_failed');
    expect(refused.searchParams.get('sso_handoff')).toBeNull();
    const created = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'alice@example.com')
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('the role follows the provider at every sign-in (user.role_synced); no mapped role is no_access', async () => {
    const owner = await ownerWithProvider(ctx, peer);
    await exchange(ctx, (await fullSignIn(owner.tenantSlug, 'alice')).searchParams.get('sso_handoff')!);
    await saveProvider(ctx, owner, peer, {
      role_mappings: [{ group: '6f1e3c52-analysts', role: 'auditor' }],
    });
    const again = await fullSignIn(owner.tenantSlug, 'alice');
    expect((await exchange(ctx, again.searchParams.get('sso_handoff')!)).json().user.role).toBe('auditor');
    const synced = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.role_synced')
      .execute();
    expect(synced.map((e) => JSON.parse(e.metadata))).toEqual([
      expect.objectContaining({ old_role: 'security_analyst', new_role: 'auditor', provider: peer.issuer }),
    ]);
    const bob = await fullSignIn(owner.tenantSlug, 'bob');
    expect(bob.searchParams.get('sso_error')).toBe('no_access');
    expect(
      await ctx.db.selectFrom('users').select('id').where('email', '=', 'bob@example.com').execute(),
    ).toEqual([]);
  });

  it('a disabled account stays disabled (account_disabled, audited auth.oidc_refused_disabled)', async () => {
    const owner = await ownerWithProvider(ctx, peer);
    await exchange(ctx, (await fullSignIn(owner.tenantSlug, 'alice')).searchParams.get('sso_handoff')!);
    await ctx.db
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('email', '=', 'alice@example.com')
      .execute();
    const refused = await fullSignIn(owner.tenantSlug, 'alice');
    expect(refused.searchParams.get('sso_error')).toBe('account_disabled');
    const audit = await ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'auth.oidc_refused_disabled')
      .execute();
    expect(audit).toHaveLength(1);
    const row = await ctx.db
      .selectFrom('users')
      .select('status')
      .where('email', '=', 'alice@example.com')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('disabled');
  });

  it('a local account with a password is not taken over by an asserted address', async () => {
    const owner = await ownerWithProvider(ctx, peer);
    await signInAs(ctx, {
      role: 'owner',
      tenant: owner.tenantSlug,
      email: 'alice@example.com',
      password: 'violet-harbour-lantern-42',
    });
    const refused = await fullSignIn(owner.tenantSlug, 'alice');
    expect(refused.searchParams.get('sso_error')).toBe('sign_in_failed');
    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'alice@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'owner', federated: 0 });
  });

  it('state is consumed when read; error, missing parts and a replay each end in a console sso_error', async () => {
    const owner = await ownerWithProvider(ctx, peer);
    const cb = await signInAtProvider(await start(ctx, owner.tenantSlug), 'alice', CALLBACK);
    expect((await deliverCallback(ctx, cb)).searchParams.get('sso_handoff')).toBeTruthy();
    expect((await deliverCallback(ctx, cb)).searchParams.get('sso_error')).toBe('sign_in_failed');
    const state = new URL(await start(ctx, owner.tenantSlug)).searchParams.get('state')!;
    const denied = await deliverCallback(ctx, `${CALLBACK}?error=access_denied&state=${state}`);
    expect(denied.searchParams.get('sso_error')).toBe('provider_refused');
    // The refused callback consumed its state too.
    expect(
      (await deliverCallback(ctx, `${CALLBACK}?code=x&state=${state}`)).searchParams.get('sso_error'),
    ).toBe('sign_in_failed');
    expect((await deliverCallback(ctx, `${CALLBACK}?state=${state}`)).searchParams.get('sso_error')).toBe(
      'incomplete_callback',
    );
  });

  it('available is identical for a missing tenant and one without a provider', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const none = await ctx.app.inject({ url: `/api/v1/auth/oidc/available?tenant=${owner.tenantSlug}` });
    const missing = await ctx.app.inject({ url: '/api/v1/auth/oidc/available?tenant=no-such-tenant' });
    expect(none.json()).toEqual({ enabled: false });
    expect(missing.body).toBe(none.body);
  });

  it('POST /settings/oidc/test reads discovery and the key set', async () => {
    const owner = await ownerWithProvider(ctx, peer);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/settings/oidc/test',
      headers: owner.headers,
    });
    expect(res.json()).toMatchObject({ verified: true, detail: expect.stringContaining('ES256') });
  });
});
