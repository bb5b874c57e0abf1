import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAs, stepUp } from '../helpers/sign-in.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { api, holder, putRole, roleId } from './roles-app.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestApp();
});
afterEach(async () => {
  await ctx.close();
});

describe('GET /roles and /roles/permissions', () => {
  it('list built-in and custom roles with member counts; audit:read or users:write, else 403 naming users:write', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const id = await roleId(ctx, owner, {
      name: 'Triage',
      description: 'first look',
      permissions: ['incidents:read'],
    });
    await holder(ctx, owner.tenantSlug, id);
    const auditor = await signInAs(ctx, { role: 'auditor', tenant: owner.tenantSlug });
    const res = await api(ctx, auditor, 'GET', '/roles');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.built_in.map((r: { id: string }) => r.id)).toEqual([
      'owner',
      'admin',
      'security_analyst',
      'auditor',
      'viewer',
    ]);
    expect(body.built_in.find((r: { id: string }) => r.id === 'owner').member_count).toBe(1);
    expect(body.custom).toEqual([
      expect.objectContaining({
        id,
        name: 'Triage',
        description: 'first look',
        permissions: ['incidents:read'],
        incident_scope: null,
        revision: 1,
        member_count: 1,
        retired_at: null,
      }),
    ]);
    const matrix = (await api(ctx, auditor, 'GET', '/users/roles')).json();
    expect(matrix.custom_roles).toEqual([
      {
        id,
        name: 'Triage',
        description: 'first look',
        permissions: ['incidents:read'],
        incident_scope: null,
      },
    ]);
    const viewer = await signInAs(ctx, { role: 'viewer', tenant: owner.tenantSlug });
    const refused = await api(ctx, viewer, 'GET', '/roles');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('audit:read');
  });

  it('the catalogue says what the caller may grant', async () => {
    const admin = await signInAs(ctx, { role: 'admin' });
    const items = (await api(ctx, admin, 'GET', '/roles/permissions')).json().items as {
      id: string;
      delegable: boolean;
      grantable_by_you: boolean;
      description: string;
      domain: string;
      sensitivity: string;
    }[];
    const by = new Map(items.map((i) => [i.id, i]));
    expect(by.get('incidents:read')).toMatchObject({
      delegable: true,
      grantable_by_you: true,
      domain: 'incidents',
    });
    expect(by.get('sso:write')).toMatchObject({ delegable: true, grantable_by_you: false });
    expect(by.get('tenant:write')).toMatchObject({ delegable: false, grantable_by_you: false });
    const owner = await signInAs(ctx, { role: 'owner' });
    const mine = (await api(ctx, owner, 'GET', '/roles/permissions')).json().items as typeof items;
    expect(mine.find((i) => i.id === 'tenant:write')!.grantable_by_you).toBe(false);
    expect(mine.find((i) => i.id === 'sso:write')!.grantable_by_you).toBe(true);
  });
});

describe('POST, PUT and retire', () => {
  it('need users:write and a role_change step-up', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const noStepUp = await api(ctx, owner, 'POST', '/roles', { name: 'X', permissions: ['incidents:read'] });
    expect(noStepUp.statusCode).toBe(403);
    expect(noStepUp.json().code).toBe('auth.step_up_required');
    const analyst = await signInAs(ctx, { role: 'security_analyst', tenant: owner.tenantSlug });
    await stepUp(ctx, analyst, 'role_change');
    const noPermission = await api(ctx, analyst, 'POST', '/roles', {
      name: 'X',
      permissions: ['incidents:read'],
    });
    expect(noPermission.statusCode).toBe(403);
    expect(noPermission.json().code).toBe('auth.forbidden');
    expect(await ctx.db.selectFrom('custom_roles').selectAll().execute()).toEqual([]);
  });

  it('a stale revision is 409; another tenant’s role is 404; a retired role is not editable', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const id = await roleId(ctx, owner, { name: 'Desk', permissions: ['incidents:read'] });
    expect(
      (await putRole(ctx, owner, id, { name: 'Desk', permissions: ['policies:read'], revision: 1 }))
        .statusCode,
    ).toBe(200);
    const stale = await putRole(ctx, owner, id, { name: 'Desk', permissions: ['agents:read'], revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toEqual([{ field: 'revision', message: expect.stringContaining('2') }]);
    const stranger = await signInAs(ctx, { role: 'owner' });
    expect(
      (await putRole(ctx, stranger, id, { name: 'Desk', permissions: [], revision: 2 })).statusCode,
    ).toBe(404);
    expect((await api(ctx, stranger, 'POST', `/roles/${id}/retire`, { reason: 'x' })).statusCode).toBe(404);
    expect((await api(ctx, owner, 'POST', `/roles/${id}/retire`, { reason: 'done' })).statusCode).toBe(200);
    expect((await putRole(ctx, owner, id, { name: 'Desk', permissions: [], revision: 2 })).statusCode).toBe(
      409,
    );
    const listed = (await api(ctx, owner, 'GET', '/roles')).json().custom;
    expect(listed[0]).toMatchObject({ id, retired_at: expect.any(String) });
  });

  it('retiring a held role is 409 naming the member count (disabled accounts count)', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const id = await roleId(ctx, owner, { name: 'Held', permissions: ['incidents:read'] });
    const a = await holder(ctx, owner.tenantSlug, id);
    await holder(ctx, owner.tenantSlug, id);
    await ctx.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', a.userId).execute();
    const refused = await api(ctx, owner, 'POST', `/roles/${id}/retire`, { reason: 'tidy' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('2 accounts');
    expect(refused.json().details).toEqual([{ field: 'member_count', message: '2' }]);
    const row = await ctx.db.selectFrom('custom_roles').select('retired_at').executeTakeFirstOrThrow();
    expect(row.retired_at).toBeNull();
  });
});

describe('permissions resolved on every request from the current definition', () => {
  it('an edit takes effect on the next request; retired, missing, unknown-id or tenant:write definitions give nothing', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const id = await roleId(ctx, owner, { name: 'Readers', permissions: ['incidents:read'] });
    const person = await holder(ctx, owner.tenantSlug, id);
    const me = async () => (await api(ctx, person, 'GET', '/auth/me')).json();
    expect(await me()).toMatchObject({
      role: 'custom',
      custom_role: { id, name: 'Readers' },
      permissions: ['incidents:read'],
    });
    expect((await api(ctx, person, 'GET', '/policies')).statusCode).toBe(403);
    await putRole(ctx, owner, id, {
      name: 'Readers',
      permissions: ['incidents:read', 'policies:read'],
      revision: 1,
    });
    expect((await me()).permissions).toEqual(['incidents:read', 'policies:read']);
    expect((await api(ctx, person, 'GET', '/policies')).statusCode).toBe(200);

    const set = (patch: { retired_at?: string | null; permissions?: string }) =>
      ctx.db.updateTable('custom_roles').set(patch).where('id', '=', id).execute();
    await set({ retired_at: '2026-01-15T09:00:00.000Z' });
    expect((await me()).permissions).toEqual([]);
    expect((await api(ctx, person, 'GET', '/policies')).statusCode).toBe(403);
    await set({ retired_at: null, permissions: JSON.stringify(['incidents:read', 'made:up']) });
    expect((await me()).permissions).toEqual([]);
    await set({ permissions: JSON.stringify(['incidents:read', 'tenant:write']) });
    expect((await me()).permissions).toEqual([]);
    await ctx.db.deleteFrom('custom_roles').where('id', '=', id).execute();
    expect((await me()).permissions).toEqual([]);
  });

  it('a scoped role marks the person incident-scoped', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const group = (await api(ctx, owner, 'POST', '/agent-groups', { name: 'Lab' })).json().id;
    const id = await roleId(ctx, owner, {
      name: 'Lab desk',
      permissions: ['incidents:read'],
      incident_scope: [group],
    });
    const person = await holder(ctx, owner.tenantSlug, id);
    expect((await api(ctx, person, 'GET', '/auth/me')).json().incident_scoped).toBe(true);
    await putRole(ctx, owner, id, {
      name: 'Lab desk',
      permissions: ['incidents:read'],
      incident_scope: null,
      revision: 1,
    });
    expect((await api(ctx, person, 'GET', '/auth/me')).json().incident_scoped).toBe(false);
  });

  it('an API token is narrowed by both its scopes and the current role', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const id = await roleId(ctx, owner, { name: 'Two', permissions: ['incidents:read', 'policies:read'] });
    const person = await holder(ctx, owner.tenantSlug, id);
    const minted = await api(ctx, person, 'POST', '/api-tokens', { name: 'ci', scopes: ['policies:read'] });
    expect(minted.statusCode).toBe(201);
    const token = { headers: { authorization: `Bearer ${minted.json().token}` } };
    expect((await api(ctx, token, 'GET', '/policies')).statusCode).toBe(200);
    expect((await api(ctx, token, 'GET', '/incidents')).statusCode).toBe(403);
    await putRole(ctx, owner, id, { name: 'Two', permissions: ['incidents:read'], revision: 1 });
    expect((await api(ctx, token, 'GET', '/policies')).statusCode).toBe(403);
  });
});

describe('assigning custom roles (document 3, Users)', () => {
  it('a live role of this tenant only; foreign and retired ids are the same 422', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const viewer = await signInAs(ctx, { role: 'viewer', tenant: owner.tenantSlug });
    const id = await roleId(ctx, owner, { name: 'Desk', permissions: ['incidents:read'] });
    await stepUp(ctx, owner, 'role_change');
    const given = await api(ctx, owner, 'POST', `/users/${viewer.userId}/role`, {
      role: 'custom',
      custom_role_id: id,
    });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ role: 'custom', custom_role_id: id, custom_role_name: 'Desk' });
    const stranger = await signInAs(ctx, { role: 'owner' });
    const foreign = await roleId(ctx, stranger, { name: 'Theirs', permissions: ['incidents:read'] });
    const spare = await roleId(ctx, owner, { name: 'Spare', permissions: ['incidents:read'] });
    await api(ctx, owner, 'POST', `/roles/${spare}/retire`, { reason: 'unused' });
    for (const custom_role_id of [foreign, spare]) {
      const refused = await api(ctx, owner, 'POST', `/users/${viewer.userId}/role`, {
        role: 'custom',
        custom_role_id,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().details).toEqual([
        { field: 'custom_role_id', message: 'no live custom role with that id in this tenant' },
      ]);
    }
    const invited = await api(ctx, owner, 'POST', '/users', {
      email: 'new.person@example.com',
      role: 'custom',
      custom_role_id: id,
    });
    expect(invited.statusCode).toBe(201);
  });

  it('giving a permission one does not hold, and changing somebody who holds more, are 403', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const managers = await roleId(ctx, owner, {
      name: 'People desk',
      permissions: ['users:write', 'incidents:read'],
    });
    const manager = await holder(ctx, owner.tenantSlug, managers);
    const viewer = await signInAs(ctx, { role: 'viewer', tenant: owner.tenantSlug });
    const analyst = await signInAs(ctx, { role: 'security_analyst', tenant: owner.tenantSlug });
    const readers = await roleId(ctx, owner, { name: 'Readers', permissions: ['incidents:read'] });
    const writers = await roleId(ctx, owner, {
      name: 'Writers',
      permissions: ['incidents:read', 'policies:write'],
    });
    await stepUp(ctx, manager, 'role_change');
    const more = await api(ctx, manager, 'POST', `/users/${viewer.userId}/role`, {
      role: 'custom',
      custom_role_id: writers,
    });
    expect(more.statusCode).toBe(403);
    expect(more.json().message).toContain('policies:write');
    // The viewer holds overview:read, policies:read, agents:read, detectors:read: more than the manager.
    const holdsMore = await api(ctx, manager, 'POST', `/users/${viewer.userId}/role`, {
      role: 'custom',
      custom_role_id: readers,
    });
    expect(holdsMore.statusCode).toBe(403);
    const disable = await api(ctx, manager, 'POST', `/users/${analyst.userId}/disable`, {
      reason: 'leaving',
    });
    expect(disable.statusCode).toBe(403);
    const builtIn = await api(ctx, manager, 'POST', '/users', { email: 'x.y@example.com', role: 'viewer' });
    expect(builtIn.statusCode).toBe(403);
    const fine = await api(ctx, manager, 'POST', '/users', {
      email: 'x.y@example.com',
      role: 'custom',
      custom_role_id: readers,
    });
    expect(fine.statusCode).toBe(201);
    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', viewer.userId)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('viewer');
  });
});
