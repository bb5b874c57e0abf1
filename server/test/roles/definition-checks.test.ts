import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../helpers/sign-in.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { api, endpointGroup, postRole, putRole, roleId } from './roles-app.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestApp();
});
afterEach(async () => {
  await ctx.close();
});

function refusal(res: {
  statusCode: number;
  json: () => { code: string; details: { field: string; message: string }[] };
}) {
  expect(res.statusCode).toBe(422);
  expect(res.json().code).toBe('request.invalid');
  return res.json().details;
}

describe('custom-role definition checks (document 3), each a 422 naming the identifier', () => {
  it('refuses unknown identifiers and * by position, without echoing them', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const res = await postRole(ctx, owner, {
      name: 'Triage',
      permissions: ['incidents:read', 'no-such:thing', '*'],
    });
    const details = refusal(res);
    expect(details.map((d) => d.field)).toEqual(['permissions[1]', 'permissions[2]']);
    expect(res.body).not.toContain('no-such:thing');
  });

  it('never tenant:write, even for an Owner', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const details = refusal(await postRole(ctx, owner, { name: 'Boss', permissions: ['tenant:write'] }));
    expect(details[0]).toMatchObject({ field: 'permissions[0]' });
    expect(details[0]!.message).toContain('tenant:write');
  });

  it('only permissions the definer holds (an Admin cannot define sso:write)', async () => {
    const admin = await signInAs(ctx, { role: 'admin' });
    const details = refusal(
      await postRole(ctx, admin, { name: 'Sign-in keepers', permissions: ['audit:read', 'sso:write'] }),
    );
    expect(details).toEqual([{ field: 'permissions[1]', message: expect.stringContaining('sso:write') }]);
  });

  it('on edit, keeping a permission one lacks is allowed; adding or removing one is refused', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const admin = await signInAs(ctx, { role: 'admin', tenant: owner.tenantSlug });
    const id = await roleId(ctx, owner, { name: 'SSO desk', permissions: ['audit:read', 'sso:write'] });
    const kept = await putRole(ctx, admin, id, {
      name: 'SSO desk',
      permissions: ['audit:read', 'sso:write', 'users:write'],
      revision: 1,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      revision: 2,
      permissions: ['audit:read', 'sso:write', 'users:write'],
    });
    const removed = refusal(
      await putRole(ctx, admin, id, { name: 'SSO desk', permissions: ['audit:read'], revision: 2 }),
    );
    expect(removed[0]!.message).toContain('sso:write');
    const added = refusal(
      await putRole(ctx, admin, id, {
        name: 'SSO desk',
        permissions: ['audit:read', 'sso:write', 'evidence:file'],
        revision: 2,
      }),
    );
    expect(added[0]).toMatchObject({
      field: 'permissions[2]',
      message: expect.stringContaining('evidence:file'),
    });
  });

  it("not a built-in role's name in any spelling", async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    for (const name of [
      'Owner',
      'ADMIN',
      'security-analyst',
      'Security Analyst',
      'ａｕｄｉｔｏｒ',
      'view_er',
      'Custom',
    ]) {
      const details = refusal(await postRole(ctx, owner, { name, permissions: ['incidents:read'] }));
      expect(details).toEqual([{ field: 'name', message: expect.stringContaining('built-in') }]);
    }
  });

  it('a live name is unique in the tenant (whatever its spelling); a retired name is free again', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const id = await roleId(ctx, owner, { name: 'Night shift', permissions: ['incidents:read'] });
    const clash = refusal(
      await postRole(ctx, owner, { name: 'night-SHIFT', permissions: ['incidents:read'] }),
    );
    expect(clash[0]!.field).toBe('name');
    // Another tenant may use the name.
    const other = await signInAs(ctx, { role: 'owner' });
    expect(
      (await postRole(ctx, other, { name: 'Night shift', permissions: ['incidents:read'] })).statusCode,
    ).toBe(201);
    await api(ctx, owner, 'POST', `/roles/${id}/retire`, { reason: 'renamed shifts' });
    expect(
      (await postRole(ctx, owner, { name: 'Night shift', permissions: ['incidents:read'] })).statusCode,
    ).toBe(201);
  });

  it('stores permissions sorted and deduplicated', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const res = await postRole(ctx, owner, {
      name: 'Readers',
      permissions: ['policies:read', 'incidents:read', 'policies:read'],
    });
    expect(res.json().permissions).toEqual(['incidents:read', 'policies:read']);
  });
});

describe('incident_scope by endpoint groups (document 3)', () => {
  it('accepts groups of the tenant and the cloud-storage id; refuses an empty list and a foreign group', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const group = await endpointGroup(ctx, owner, 'Finance laptops');
    const ok = await postRole(ctx, owner, {
      name: 'Finance triage',
      permissions: ['incidents:read', 'incidents:write'],
      incident_scope: [group, 'cloud_storage'],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().incident_scope).toEqual([group, 'cloud_storage']);

    const empty = refusal(
      await postRole(ctx, owner, { name: 'Nobody', permissions: ['incidents:read'], incident_scope: [] }),
    );
    expect(empty[0]!.field).toBe('incident_scope');

    const stranger = await signInAs(ctx, { role: 'owner' });
    const foreign = await endpointGroup(ctx, stranger, 'Their laptops');
    const refused = refusal(
      await postRole(ctx, owner, {
        name: 'Theirs',
        permissions: ['incidents:read'],
        incident_scope: [group, foreign],
      }),
    );
    expect(refused).toEqual([{ field: 'incident_scope[1]', message: expect.any(String) }]);
  });

  it('refuses every tenant-wide permission in a scoped role, naming it', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const group = await endpointGroup(ctx, owner, 'Plant floor');
    const tenantWide = [
      'directory:read',
      'audit:read',
      'audit:export',
      'legal_hold:write',
      'subject_access:export',
      'identity:reveal',
      'integrations:write',
      'behaviour:read',
      'users:write',
      'sso:write',
      'health:read',
      'health:manage',
    ];
    const details = refusal(
      await postRole(ctx, owner, {
        name: 'Plant triage',
        permissions: ['incidents:read', ...tenantWide],
        incident_scope: [group],
      }),
    );
    expect(details.map((d) => d.field)).toEqual(tenantWide.map((_, i) => `permissions[${i + 1}]`));
    for (const [i, id] of tenantWide.entries()) expect(details[i]!.message).toContain(id);
  });

  it('absent on edit keeps the scope; null makes the role tenant-wide; the audit records both', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const group = await endpointGroup(ctx, owner, 'Branch');
    const id = await roleId(ctx, owner, {
      name: 'Branch desk',
      permissions: ['incidents:read'],
      incident_scope: [group],
    });
    const kept = await putRole(ctx, owner, id, {
      name: 'Branch desk',
      permissions: ['incidents:read'],
      revision: 1,
    });
    expect(kept.json().incident_scope).toEqual([group]);
    // A tenant-wide permission is judged against the kept scope.
    const scoped = await putRole(ctx, owner, id, {
      name: 'Branch desk',
      permissions: ['incidents:read', 'audit:read'],
      revision: 2,
    });
    expect(scoped.statusCode).toBe(422);
    const wide = await putRole(ctx, owner, id, {
      name: 'Branch desk',
      permissions: ['incidents:read', 'audit:read'],
      incident_scope: null,
      revision: 2,
    });
    expect(wide.statusCode).toBe(200);
    expect(wide.json().incident_scope).toBeNull();
    const entry = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'role.updated')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const last = entry.map((e) => JSON.parse(e.metadata)).find((m) => m.revision === 3);
    expect(last).toMatchObject({
      permissions_before: ['incidents:read'],
      permissions_after: ['audit:read', 'incidents:read'],
      added: ['audit:read'],
      removed: [],
      scope_before: [group],
      scope_after: null,
      revision: 3,
      member_count: 0,
    });
  });

  it('retiring an endpoint group named by a live role scope is 409 naming the role', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const group = await endpointGroup(ctx, owner, 'Shop floor');
    const id = await roleId(ctx, owner, {
      name: 'Shop desk',
      permissions: ['incidents:read'],
      incident_scope: [group],
    });
    const refused = await api(ctx, owner, 'POST', `/agent-groups/${group}/retire`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toEqual([{ field: 'role_ids', message: id }]);
    await api(ctx, owner, 'POST', `/roles/${id}/retire`, { reason: 'shop closed' });
    expect((await api(ctx, owner, 'POST', `/agent-groups/${group}/retire`)).statusCode).toBe(204);
  });
});
