import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAs, stepUp } from '../helpers/sign-in.js';
import type { TestContext } from '../helpers/test-app.js';
import { createAccount, createIdentityApp, GOOD_PASSWORD, login } from './identity-app.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createIdentityApp();
});
afterEach(async () => {
  await ctx.close();
});

const DAY = 86_400_000;

function post(url: string, headers: Record<string, string> | undefined, payload?: InjectOptions['payload']) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    ...(headers ? { headers } : {}),
    ...(payload !== undefined ? { payload } : {}),
  });
}

describe('invitations', () => {
  it('invite → accept opens a session; the invitation works once; only its SHA-256 is stored', async () => {
    const owner = await signInAs(ctx, { role: 'owner', email: 'boss@acme.example' });
    const res = await post('/users', owner.headers, {
      email: 'New.Person@acme.example',
      role: 'security_analyst',
    });
    expect(res.statusCode).toBe(201);
    const { user_id, invitation, expires_at } = res.json();
    expect(expires_at).toBe(new Date(ctx.clock.now().getTime() + 7 * DAY).toISOString());
    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user_id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(invitation);
    expect(row.status).toBe('invited');

    // The password rule applies once the invitation is proved (422 on password, nothing spent).
    const weak = await post('/auth/accept-invitation', undefined, { invitation, password: 'Password12345!' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().details[0].field).toBe('password');
    const ok = await post('/auth/accept-invitation', undefined, { invitation, password: GOOD_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(String(ok.headers['set-cookie'])).toContain('HttpOnly');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${ok.json().token}` },
    });
    expect(me.json()).toMatchObject({ user_id, role: 'security_analyst' });
    const again = await post('/auth/accept-invitation', undefined, { invitation, password: GOOD_PASSWORD });
    expect(again.statusCode).toBe(401);
    const audit = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.invited')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: owner.userId, subject_id: user_id });
  });

  it('malformed, unknown, expired and used invitations are the same 401', async () => {
    const owner = await signInAs(ctx, { role: 'owner', email: 'boss@acme.example' });
    const a = (await post('/users', owner.headers, { email: 'a@acme.example', role: 'viewer' })).json();
    const b = (await post('/users', owner.headers, { email: 'b@acme.example', role: 'viewer' })).json();
    await post('/auth/accept-invitation', undefined, { invitation: a.invitation, password: GOOD_PASSWORD });
    ctx.clock.advance(7 * DAY + 1);
    const answers = [];
    for (const invitation of [
      'garbage',
      '',
      `dlpi_${'a'.repeat(300)}`,
      42,
      null,
      ['dlpi_x'],
      undefined,
      'dlpi_unknownunknownunknownunknownunknown1234',
      b.invitation,
      a.invitation,
    ]) {
      const res = await post('/auth/accept-invitation', undefined, { invitation, password: GOOD_PASSWORD });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    for (const x of answers) expect(x).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(401);
  });

  it('domain rule: outside the Owners’ domains only an Owner invites, with outside_domain_confirmed', async () => {
    const owner = await signInAs(ctx, { role: 'owner', email: 'boss@acme.example' });
    const admin = await signInAs(ctx, { role: 'admin', tenant: owner.tenantSlug, email: 'adm@acme.example' });
    const byAdmin = await post('/users', admin.headers, {
      email: 'x@elsewhere.example',
      role: 'viewer',
      outside_domain_confirmed: true,
    });
    expect(byAdmin.statusCode).toBe(403);
    const unconfirmed = await post('/users', owner.headers, { email: 'x@elsewhere.example', role: 'viewer' });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().details[0].field).toBe('outside_domain_confirmed');
    const ok = await post('/users', owner.headers, {
      email: 'x@elsewhere.example',
      role: 'viewer',
      outside_domain_confirmed: true,
    });
    expect(ok.statusCode).toBe(201);
    const audit = await ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('subject_id', '=', ok.json().user_id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.metadata).outside_tenant_domains).toBe(true);
    expect(
      (await post('/users', admin.headers, { email: 'y@acme.example', role: 'viewer' })).statusCode,
    ).toBe(201);
  });

  it('only an Owner invites an Owner; an unknown custom role is 422', async () => {
    const admin = await signInAs(ctx, { role: 'admin', email: 'adm@acme.example' });
    expect(
      (await post('/users', admin.headers, { email: 'o2@acme.example', role: 'owner' })).statusCode,
    ).toBe(403);
    const custom = await post('/users', admin.headers, {
      email: 'c@acme.example',
      role: 'custom',
      custom_role_id: 'nope',
    });
    expect(custom.statusCode).toBe(422);
    expect(custom.json().details[0]).toEqual({
      field: 'custom_role_id',
      message: 'no live custom role with that id in this tenant',
    });
  });

  it('reinvite replaces the invitation (the old one stops working); 409 once a password is set', async () => {
    const owner = await signInAs(ctx, { role: 'owner', email: 'boss@acme.example', password: GOOD_PASSWORD });
    const first = (await post('/users', owner.headers, { email: 'n@acme.example', role: 'viewer' })).json();
    expect((await post(`/users/${first.user_id}/reinvite`, owner.headers)).json().code).toBe(
      'auth.step_up_required',
    );
    await stepUp(ctx, owner, 'role_change');
    const re = await post(`/users/${first.user_id}/reinvite`, owner.headers);
    expect(re.statusCode).toBe(200);
    expect(re.json().link).toMatch(/\/accept-invitation#dlpi_/);
    const fresh = re.json().link.split('#')[1];
    expect(
      (
        await post('/auth/accept-invitation', undefined, {
          invitation: first.invitation,
          password: GOOD_PASSWORD,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await post('/auth/accept-invitation', undefined, { invitation: fresh, password: GOOD_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const again = await post(`/users/${first.user_id}/reinvite`, owner.headers);
    expect(again.statusCode).toBe(409);
  });
});

describe('password reset links', () => {
  it('redeeming sets the password, ends every session, opens none; the old password works until then; single use', async () => {
    const admin = await signInAs(ctx, { role: 'admin', password: GOOD_PASSWORD });
    const target = await createAccount(ctx, { tenant: admin.tenantSlug });
    const s1 = (
      await login(ctx, { tenant: target.tenantSlug, email: target.email, password: target.password })
    ).json();
    await login(ctx, { tenant: target.tenantSlug, email: target.email, password: target.password });
    await stepUp(ctx, admin, 'role_change');
    const issued = await post(`/users/${target.userId}/password-reset`, admin.headers);
    expect(issued.statusCode).toBe(200);
    expect(issued.json().expires_at).toBe(new Date(ctx.clock.now().getTime() + DAY).toISOString());
    const reset = issued.json().link.split('#')[1];
    expect(
      (await login(ctx, { tenant: target.tenantSlug, email: target.email, password: target.password }))
        .statusCode,
    ).toBe(200);

    const newPassword = 'amber-quilt-orchard-77';
    const redeemed = await post('/auth/reset-password', undefined, { reset, password: newPassword });
    expect(redeemed.statusCode).toBe(204);
    expect(redeemed.headers['set-cookie']).toBeUndefined();
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${s1.token}` },
    });
    expect(me.statusCode).toBe(401);
    const live = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', target.userId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const audit = await ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'user.password_reset_redeemed')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.metadata).sessions_ended).toBe(3);
    expect(
      (await login(ctx, { tenant: target.tenantSlug, email: target.email, password: target.password }))
        .statusCode,
    ).toBe(401);
    expect(
      (await login(ctx, { tenant: target.tenantSlug, email: target.email, password: newPassword }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/auth/reset-password', undefined, { reset, password: 'another-long-phrase-88' }))
        .statusCode,
    ).toBe(401);
  });

  it('malformed, unknown, expired, used and disabled-account links are the same 401', async () => {
    const admin = await signInAs(ctx, { role: 'admin', password: GOOD_PASSWORD });
    const a = await createAccount(ctx, { tenant: admin.tenantSlug });
    const b = await createAccount(ctx, { tenant: admin.tenantSlug });
    const c = await createAccount(ctx, { tenant: admin.tenantSlug });
    await stepUp(ctx, admin, 'role_change');
    const link = async (id: string) =>
      (await post(`/users/${id}/password-reset`, admin.headers)).json().link.split('#')[1];
    const used = await link(a.userId);
    await post('/auth/reset-password', undefined, { reset: used, password: 'amber-quilt-orchard-77' });
    const disabledLink = await link(c.userId);
    await post(`/users/${c.userId}/disable`, admin.headers, { reason: 'left' });
    const expired = await link(b.userId);
    ctx.clock.advance(DAY + 1);
    const answers = [];
    const malformed = ['', `dlpr_${'a'.repeat(300)}`, 7, null, { a: 1 }, undefined];
    for (const reset of [
      'x',
      ...malformed,
      'dlpr_unknownunknownunknownunknownunknown1234',
      expired,
      used,
      disabledLink,
    ]) {
      const res = await post('/auth/reset-password', undefined, {
        reset,
        password: 'amber-quilt-orchard-78',
      });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    for (const x of answers) expect(x).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(401);
  });
});
