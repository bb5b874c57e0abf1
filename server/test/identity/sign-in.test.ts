import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES } from '../../src/http/roles.js';
import type { TestContext } from '../helpers/test-app.js';
import { createAccount, createIdentityApp, login } from './identity-app.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createIdentityApp();
});
afterEach(async () => {
  await ctx.close();
});

describe('POST /auth/login', () => {
  it('opens a session: HttpOnly, Secure, SameSite=Strict cookie and the token for non-browser clients', async () => {
    const a = await createAccount(ctx);
    const res = await login(ctx, {
      tenant: a.tenantSlug,
      email: a.email.toUpperCase(),
      password: a.password,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^dlps_/);
    expect(body.user).toMatchObject({ id: a.userId, role: 'viewer' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Strict');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user_id: a.userId,
      role: 'viewer',
      auth: 'session',
      incident_scoped: false,
    });
    expect(me.json().permissions).toEqual([...BUILT_IN_ROLES.viewer.permissions].sort());
    // The cookie alone authenticates too.
    const viaCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      cookies: { dlp_session: body.token },
    });
    expect(viaCookie.statusCode).toBe(200);
    // Only the token's hash is stored.
    const rows = await ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(JSON.stringify(rows)).not.toContain(body.token);
  });

  it('answers every failure with the same 401: wrong password, unknown tenant, unknown account, disabled', async () => {
    const a = await createAccount(ctx);
    const d = await createAccount(ctx, { tenant: a.tenantSlug, status: 'disabled' });
    const attempts = [
      { tenant: a.tenantSlug, email: a.email, password: 'wrong-password-here' },
      { tenant: 'no-such-tenant', email: a.email, password: a.password },
      { tenant: a.tenantSlug, email: 'nobody@example.com', password: a.password },
      { tenant: a.tenantSlug, email: d.email, password: d.password },
    ];
    const answers = [];
    for (const body of attempts) {
      const res = await login(ctx, body);
      answers.push({ status: res.statusCode, body: res.json(), cookie: res.headers['set-cookie'] ?? null });
    }
    for (const x of answers) expect(x).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(401);
  });

  it('locks after DLP_MAX_FAILED_LOGINS wrong passwords for DLP_LOCKOUT_MINUTES; the right password is refused meanwhile', async () => {
    const a = await createAccount(ctx);
    for (let i = 0; i < 3; i++) {
      expect(
        (await login(ctx, { tenant: a.tenantSlug, email: a.email, password: 'not-the-password' })).statusCode,
      ).toBe(401);
    }
    const locked = await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password });
    expect(locked.statusCode).toBe(401);
    const row = await ctx.db
      .selectFrom('users')
      .select('locked_until')
      .where('id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(row.locked_until).toBe(new Date(ctx.clock.now().getTime() + 15 * 60_000).toISOString());
    ctx.clock.advance(15 * 60_000 + 1);
    expect(
      (await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password })).statusCode,
    ).toBe(200);
  });

  it('a lapsed lock starts the failure count afresh', async () => {
    const a = await createAccount(ctx);
    for (let i = 0; i < 3; i++)
      await login(ctx, { tenant: a.tenantSlug, email: a.email, password: 'not-the-password' });
    ctx.clock.advance(16 * 60_000);
    await login(ctx, { tenant: a.tenantSlug, email: a.email, password: 'not-the-password' });
    expect(
      (await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password })).statusCode,
    ).toBe(200);
  });

  it('a successful sign-in clears the failure count', async () => {
    const a = await createAccount(ctx);
    for (let i = 0; i < 2; i++)
      await login(ctx, { tenant: a.tenantSlug, email: a.email, password: 'not-the-password' });
    expect(
      (await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 2; i++)
      await login(ctx, { tenant: a.tenantSlug, email: a.email, password: 'not-the-password' });
    expect(
      (await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password })).statusCode,
    ).toBe(200);
  });
});

describe('POST /auth/logout and /auth/activity', () => {
  it('logout ends the session: the token then answers 401', async () => {
    const a = await createAccount(ctx);
    const { token } = (
      await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password })
    ).json();
    const headers = { authorization: `Bearer ${token}` };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/activity', headers })).statusCode).toBe(
      204,
    );
    const out = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    expect(out.statusCode).toBe(204);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
    expect(me.statusCode).toBe(401);
  });
});
