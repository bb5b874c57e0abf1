import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { signInAs } from '../helpers/sign-in.js';
import type { TestContext } from '../helpers/test-app.js';
import { createIdentityApp } from './identity-app.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createIdentityApp();
});
afterEach(async () => {
  await ctx.close();
});

function call(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: InjectOptions['payload'],
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

it('a token is shown once, acts as its creator narrowed by its scopes and the creator’s current role, and has no idle timeout', async () => {
  const admin = await signInAs(ctx, { role: 'admin' });
  const created = await call('POST', '/api-tokens', admin.headers, {
    name: 'ci',
    scopes: ['users:write', 'audit:read'],
  });
  expect(created.statusCode).toBe(201);
  const { token, id } = created.json();
  expect(token).toMatch(/^cus_/);
  expect(JSON.stringify(await ctx.db.selectFrom('api_tokens').selectAll().execute())).not.toContain(token);
  expect(JSON.stringify((await call('GET', '/api-tokens', admin.headers)).json())).not.toContain(token);

  const bearer = { authorization: `Bearer ${token}` };
  const me = (await call('GET', '/auth/me', bearer)).json();
  expect(me).toMatchObject({ user_id: admin.userId, auth: 'api_token' });
  expect(me.permissions.sort()).toEqual(['audit:read', 'users:write']);
  // Narrowed by scopes: the role holds agents:read, the token does not.
  const agents = await call('GET', '/users/roles', bearer);
  expect(agents.statusCode).toBe(200);
  expect(
    (await call('POST', '/settings/session', bearer, { idle_minutes: 30, reason: 'x' })).statusCode,
  ).toBe(403);
  // No idle timeout: a day later the token still works (the session does not).
  ctx.clock.advance(24 * 3_600_000);
  expect((await call('GET', '/users', bearer)).statusCode).toBe(200);
  // Narrowed by the creator's current role: demoted to Viewer, users:write is gone.
  await ctx.db.updateTable('users').set({ role: 'viewer' }).where('id', '=', admin.userId).execute();
  const after = await call('GET', '/users', bearer);
  expect(after.statusCode).toBe(403);
  // A token cannot step up or mint tokens.
  expect(
    (await call('POST', '/auth/step-up', bearer, { purpose: 'role_change', password: 'x' })).statusCode,
  ).toBe(403);
  expect(
    (await call('POST', '/api-tokens', bearer, { name: 'more', scopes: ['audit:read'] })).statusCode,
  ).toBe(403);

  const fresh = await signInAs(ctx, { role: 'viewer', tenant: admin.tenantSlug });
  expect((await call('POST', `/api-tokens/${id}/revoke`, fresh.headers)).statusCode).toBe(404);
  await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.userId).execute();
  const admin2 = await signInAs(ctx, { role: 'admin', tenant: admin.tenantSlug });
  expect((await call('POST', `/api-tokens/${id}/revoke`, admin2.headers)).json()).toEqual({ revoked: true });
  expect((await call('GET', '/auth/me', bearer)).statusCode).toBe(401);
});

it('scopes must be known permissions the creator holds (422 on scopes)', async () => {
  const viewer = await signInAs(ctx, { role: 'viewer' });
  for (const scopes of [['users:write'], ['*'], ['no:such']]) {
    const res = await call('POST', '/api-tokens', viewer.headers, { name: 'x', scopes });
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0].field).toBe('scopes[0]');
  }
});
