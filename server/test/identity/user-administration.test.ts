import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refuseLastOwner } from '../../src/modules/users/owner-rules.js';
import { signInAs, stepUp } from '../helpers/sign-in.js';
import type { TestContext } from '../helpers/test-app.js';
import { createAccount, createIdentityApp, login } from './identity-app.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createIdentityApp();
});
afterEach(async () => {
  await ctx.close();
});

function call(
  method: 'GET' | 'POST' | 'PATCH',
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

describe('the four Owner refusals and self-action refusals', () => {
  it('only an Owner promotes to Owner, changes or disables an Owner (403)', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const admin = await signInAs(ctx, { role: 'admin', tenant: owner.tenantSlug });
    const viewer = await createAccount(ctx, { tenant: owner.tenantSlug });
    await stepUp(ctx, admin, 'role_change');
    const promote = await call('POST', `/users/${viewer.userId}/role`, admin.headers, { role: 'owner' });
    expect(promote.statusCode).toBe(403);
    const demote = await call('POST', `/users/${owner.userId}/role`, admin.headers, { role: 'viewer' });
    expect(demote.statusCode).toBe(403);
    const disable = await call('POST', `/users/${owner.userId}/disable`, admin.headers, {
      reason: 'why not',
    });
    expect(disable.statusCode).toBe(403);
    expect(disable.json().code).toBe('auth.forbidden');
  });

  it('an Owner demotes another Owner (audited old and new role); no one changes or disables their own account (409)', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const other = await signInAs(ctx, { role: 'owner', tenant: owner.tenantSlug });
    await stepUp(ctx, owner, 'role_change');
    const demoted = await call('POST', `/users/${other.userId}/role`, owner.headers, { role: 'admin' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().role).toBe('admin');
    const audit = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.role_changed')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: owner.userId, subject_id: other.userId });
    expect(JSON.parse(audit.metadata)).toMatchObject({ old_role: 'owner', new_role: 'admin' });
    const self = await call('POST', `/users/${owner.userId}/role`, owner.headers, { role: 'admin' });
    expect(self.statusCode).toBe(409);
    const selfDisable = await call('POST', `/users/${owner.userId}/disable`, owner.headers, {
      reason: 'leaving',
    });
    expect(selfDisable.statusCode).toBe(409);
  });

  it('the last active Owner is refused (409), checked inside the change so two Owners demoting each other leave one', async () => {
    // Through the routes an acting Owner is itself active, so the rule bites when two changes
    // race; it is checked in the transaction that makes the change (owner-rules.ts).
    const owner = await signInAs(ctx, { role: 'owner' });
    const other = await signInAs(ctx, { role: 'owner', tenant: owner.tenantSlug });
    await ctx.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', other.userId).execute();
    const refused = await refuseLastOwner(ctx.db, owner.tenantId, { role: 'owner', status: 'active' }).catch(
      (e: unknown) => e,
    );
    expect((refused as { status: number; code: string }).status).toBe(409);
    await ctx.db.updateTable('users').set({ status: 'active' }).where('id', '=', other.userId).execute();
    await expect(
      refuseLastOwner(ctx.db, owner.tenantId, { role: 'owner', status: 'active' }),
    ).resolves.toBeUndefined();
  });

  it('role change needs step-up role_change; a federated account is 409', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const v = await createAccount(ctx, { tenant: owner.tenantSlug });
    expect(
      (await call('POST', `/users/${v.userId}/role`, owner.headers, { role: 'admin' })).json().code,
    ).toBe('auth.step_up_required');
    await stepUp(ctx, owner, 'role_change');
    await ctx.db.updateTable('users').set({ federated: 1 }).where('id', '=', v.userId).execute();
    expect((await call('POST', `/users/${v.userId}/role`, owner.headers, { role: 'admin' })).statusCode).toBe(
      409,
    );
  });
});

describe('disable, enable, profile', () => {
  it('disable revokes sessions and answers incidents_still_assigned; enable reopens sign-in', async () => {
    const admin = await signInAs(ctx, { role: 'admin' });
    const v = await createAccount(ctx, { tenant: admin.tenantSlug });
    const { token } = (
      await login(ctx, { tenant: v.tenantSlug, email: v.email, password: v.password })
    ).json();
    const res = await call('POST', `/users/${v.userId}/disable`, admin.headers, {
      reason: 'left the company',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disabled', sessions_ended: 1, incidents_still_assigned: 0 });
    expect((await call('GET', '/auth/me', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    expect(
      (await login(ctx, { tenant: v.tenantSlug, email: v.email, password: v.password })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', `/users/${v.userId}/disable`, admin.headers, { reason: 'again' })).statusCode,
    ).toBe(409);
    const enabled = await call('POST', `/users/${v.userId}/enable`, admin.headers, { reason: 'came back' });
    expect(enabled.json().status).toBe('active');
    expect(
      (await login(ctx, { tenant: v.tenantSlug, email: v.email, password: v.password })).statusCode,
    ).toBe(200);
  });

  it('PATCH records old and new values; an empty department clears; an edit changing nothing records nothing', async () => {
    const admin = await signInAs(ctx, { role: 'admin' });
    const v = await createAccount(ctx, { tenant: admin.tenantSlug });
    const first = await call('PATCH', `/users/${v.userId}`, admin.headers, {
      display_name: 'Vera',
      department: 'Finance',
    });
    expect(first.json()).toMatchObject({ display_name: 'Vera', department: 'Finance' });
    await call('PATCH', `/users/${v.userId}`, admin.headers, { display_name: 'Vera' });
    const cleared = await call('PATCH', `/users/${v.userId}`, admin.headers, { department: '' });
    expect(cleared.json().department).toBeNull();
    const rows = await ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'user.profile_changed')
      .execute();
    expect(rows.map((r) => JSON.parse(r.metadata).changes)).toEqual([
      { display_name: { old: null, new: 'Vera' }, department: { old: null, new: 'Finance' } },
      { department: { old: 'Finance', new: null } },
    ]);
  });
});

describe('directory, roles matrix and sessions', () => {
  it('GET /users: full rows with users:write, the audit view with audit:read, 403 naming users:write otherwise', async () => {
    const admin = await signInAs(ctx, { role: 'admin' });
    const auditor = await signInAs(ctx, { role: 'auditor', tenant: admin.tenantSlug });
    const full = (await call('GET', '/users', admin.headers)).json().items[0];
    expect(Object.keys(full)).toContain('locked_until');
    const limited = (await call('GET', '/users', auditor.headers)).json().items[0];
    expect(Object.keys(limited).sort()).toEqual(
      [
        'id',
        'email',
        'display_name',
        'role',
        'custom_role_id',
        'custom_role_name',
        'status',
        'department',
        'federated',
        'last_login_at',
        'created_at',
      ].sort(),
    );
    await ctx.db.updateTable('users').set({ role: 'custom' }).where('id', '=', auditor.userId).execute();
    const refused = await call('GET', '/users', auditor.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('users:write');
  });

  it('GET /users/roles serves the built-in matrix; Admin lacks sso:write, Owner holds it', async () => {
    const auditor = await signInAs(ctx, { role: 'auditor' });
    const body = (await call('GET', '/users/roles', auditor.headers)).json();
    const byId = Object.fromEntries(
      body.roles.map((r: { id: string; permissions: string[] }) => [r.id, r.permissions]),
    );
    expect(Object.keys(byId).sort()).toEqual(['admin', 'auditor', 'owner', 'security_analyst', 'viewer']);
    expect(byId.owner).toContain('sso:write');
    expect(byId.admin).not.toContain('sso:write');
    expect(body.permissions.length).toBeGreaterThan(10);
  });

  it('sessions per user and tenant-wide; revoke is 409 on one’s own account, 403 for a non-Owner on an Owner', async () => {
    const admin = await signInAs(ctx, { role: 'admin' });
    const owner = await signInAs(ctx, { role: 'owner', tenant: admin.tenantSlug });
    const v = await createAccount(ctx, { tenant: admin.tenantSlug });
    const vs = (await login(ctx, { tenant: v.tenantSlug, email: v.email, password: v.password })).json();
    const list = await call('GET', `/users/${v.userId}/sessions`, admin.headers);
    expect(list.json().items).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(vs.token);
    const all = (await call('GET', '/users/sessions?limit=2&offset=0', admin.headers)).json();
    expect(all).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(all.items).toHaveLength(2);
    const mine = (await call('GET', '/users/sessions?limit=100', admin.headers))
      .json()
      .items.find((x: { current_session: boolean }) => x.current_session);
    expect(mine.user_id).toBe(admin.userId);
    expect((await call('GET', '/users/sessions?limit=101', admin.headers)).statusCode).toBe(422);

    const publicId = list.json().items[0].public_id;
    const revoked = await call('POST', `/users/${v.userId}/sessions/${publicId}/revoke`, admin.headers);
    expect(revoked.json()).toEqual({ revoked: true });
    expect((await call('GET', '/auth/me', { authorization: `Bearer ${vs.token}` })).statusCode).toBe(401);
    const self = await call(
      'POST',
      `/users/${admin.userId}/sessions/${admin.sessionPublicId}/revoke`,
      admin.headers,
    );
    expect(self.statusCode).toBe(409);
    const onOwner = await call(
      'POST',
      `/users/${owner.userId}/sessions/${owner.sessionPublicId}/revoke`,
      admin.headers,
    );
    expect(onOwner.statusCode).toBe(403);
  });
});
