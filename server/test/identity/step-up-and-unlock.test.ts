import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STEP_UP_WINDOW_MS } from '../../src/http/step-up.js';
import { signInAs } from '../helpers/sign-in.js';
import type { TestContext } from '../helpers/test-app.js';
import { createAccount, createIdentityApp, GOOD_PASSWORD, login } from './identity-app.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createIdentityApp();
});
afterEach(async () => {
  await ctx.close();
});

async function lockOut(a: { tenantSlug: string; email: string }) {
  for (let i = 0; i < 3; i++)
    await login(ctx, { tenant: a.tenantSlug, email: a.email, password: 'not-the-password' });
}

function stepUpCall(headers: Record<string, string>, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/step-up', headers, payload });
}

function unlock(headers: Record<string, string>, id: string) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/users/${id}/unlock`, headers });
}

describe('POST /auth/step-up', () => {
  it('a wrong password is refused 403 and records nothing; the right one opens the guard for five minutes', async () => {
    const admin = await signInAs(ctx, { role: 'admin', password: GOOD_PASSWORD });
    const target = await createAccount(ctx, { tenant: admin.tenantSlug });
    await lockOut(target);

    expect((await unlock(admin.headers, target.userId)).json().code).toBe('auth.step_up_required');
    const wrong = await stepUpCall(admin.headers, { purpose: 'role_change', password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('auth.step_up_required');
    expect((await unlock(admin.headers, target.userId)).statusCode).toBe(403);

    const ok = await stepUpCall(admin.headers, { purpose: 'role_change', password: GOOD_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      purpose: 'role_change',
      expires_at: new Date(ctx.clock.now().getTime() + STEP_UP_WINDOW_MS).toISOString(),
    });
    // A confirmation is for one purpose only.
    const rows = await ctx.db.selectFrom('step_ups').select('purpose').execute();
    expect(rows).toEqual([{ purpose: 'role_change' }]);
    ctx.clock.advance(STEP_UP_WINDOW_MS + 1);
    expect((await unlock(admin.headers, target.userId)).json().code).toBe('auth.step_up_required');
  });

  it('refuses an unknown purpose with 422', async () => {
    const admin = await signInAs(ctx, { role: 'admin', password: GOOD_PASSWORD });
    const res = await stepUpCall(admin.headers, { purpose: 'everything', password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(422);
  });
});

describe('POST /users/{id}/unlock', () => {
  it('clears the lock and the count, shows locked_until before, audits user.unlocked', async () => {
    const admin = await signInAs(ctx, { role: 'admin', password: GOOD_PASSWORD });
    const target = await createAccount(ctx, { tenant: admin.tenantSlug });
    await lockOut(target);
    await stepUpCall(admin.headers, { purpose: 'role_change', password: GOOD_PASSWORD });
    const res = await unlock(admin.headers, target.userId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: target.userId,
      locked_until: null,
      status: 'active',
      has_password: true,
    });
    expect(
      (await login(ctx, { tenant: target.tenantSlug, email: target.email, password: target.password }))
        .statusCode,
    ).toBe(200);
    const audit = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.unlocked')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: admin.userId, subject_type: 'user', subject_id: target.userId });
    expect(JSON.parse(audit.metadata).request_id).toBeTruthy();
  });

  it('409 when the account is not locked', async () => {
    const admin = await signInAs(ctx, { role: 'admin', password: GOOD_PASSWORD });
    const target = await createAccount(ctx, { tenant: admin.tenantSlug });
    await stepUpCall(admin.headers, { purpose: 'role_change', password: GOOD_PASSWORD });
    const res = await unlock(admin.headers, target.userId);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('resource.conflict');
  });

  it('409 on one’s own account', async () => {
    const admin = await signInAs(ctx, { role: 'admin', password: GOOD_PASSWORD });
    await stepUpCall(admin.headers, { purpose: 'role_change', password: GOOD_PASSWORD });
    await ctx.db
      .updateTable('users')
      .set({ locked_until: new Date(ctx.clock.now().getTime() + 60_000).toISOString() })
      .where('id', '=', admin.userId)
      .execute();
    expect((await unlock(admin.headers, admin.userId)).statusCode).toBe(409);
  });

  it('403 for a non-Owner acting on an Owner; an Owner may', async () => {
    const admin = await signInAs(ctx, { role: 'admin', password: GOOD_PASSWORD });
    const owner = await signInAs(ctx, { role: 'owner', tenant: admin.tenantSlug, password: GOOD_PASSWORD });
    const lockedOwner = await createAccount(ctx, { tenant: admin.tenantSlug, role: 'owner' });
    await lockOut(lockedOwner);
    await stepUpCall(admin.headers, { purpose: 'role_change', password: GOOD_PASSWORD });
    const refused = await unlock(admin.headers, lockedOwner.userId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.forbidden');
    await stepUpCall(owner.headers, { purpose: 'role_change', password: GOOD_PASSWORD });
    expect((await unlock(owner.headers, lockedOwner.userId)).statusCode).toBe(200);
  });

  it('404 for an account of another tenant; 403 naming users:write without the permission', async () => {
    const admin = await signInAs(ctx, { role: 'admin', password: GOOD_PASSWORD });
    const foreign = await createAccount(ctx);
    await lockOut(foreign);
    await stepUpCall(admin.headers, { purpose: 'role_change', password: GOOD_PASSWORD });
    expect((await unlock(admin.headers, foreign.userId)).statusCode).toBe(404);
    const viewer = await signInAs(ctx, { role: 'viewer', tenant: admin.tenantSlug });
    const res = await unlock(viewer.headers, foreign.userId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('users:write');
  });
});
