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

it('GET /audit-events: audit:read, this tenant only, newest first, filters and paging', async () => {
  const owner = await signInAs(ctx, { role: 'owner' });
  const auditor = await signInAs(ctx, { role: 'auditor', tenant: owner.tenantSlug });
  const foreign = await signInAs(ctx, { role: 'owner' });
  const set = (h: Record<string, string>, idle_minutes: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/settings/session',
      headers: h,
      payload: { idle_minutes, reason: 'r' },
    });
  await set(owner.headers, 30);
  ctx.clock.advance(1000);
  await set(owner.headers, 45);
  await set(foreign.headers, 20);
  ctx.clock.advance(1000);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users',
    headers: owner.headers,
    payload: { email: 'n@example.com', role: 'viewer' },
  });
  const get = (qs: string, h = auditor.headers) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/audit-events${qs}`, headers: h });

  const all = (await get('')).json();
  expect(all.total).toBe(3);
  expect(all.items[0].action).toBe('user.invited');
  const settings = (await get('?action=settings.&limit=1')).json();
  expect(settings).toMatchObject({ total: 2, limit: 1, offset: 0 });
  expect(settings.items[0].metadata).toMatchObject({ after: 45, request_id: expect.any(String) });
  expect((await get('?action=settings.&limit=1&offset=1')).json().items[0].metadata.after).toBe(30);
  expect((await get(`?actor_id=${owner.userId}&action=user.invited`)).json().total).toBe(1);
  // A prefix with `_` matches literally (it once stripped the `_` and matched nothing).
  const token = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/api-tokens',
    headers: owner.headers,
    payload: { name: 'reports', scopes: ['audit:read'] },
  });
  expect(token.statusCode).toBe(201);
  expect((await get('?action=api_token.')).json().total).toBe(1);
  expect((await get('?action=apiXtoken.')).json().total).toBe(0);
  expect((await get('?limit=201')).statusCode).toBe(422);
  const refused = await get('', (await signInAs(ctx, { role: 'viewer', tenant: owner.tenantSlug })).headers);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().message).toContain('audit:read');
});
