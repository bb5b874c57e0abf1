import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSession, insertUser } from '../../src/http/auth-store.js';
import { hashPassword } from '../../src/http/passwords.js';
import { signInAs } from '../helpers/sign-in.js';
import type { TestContext } from '../helpers/test-app.js';
import { groupBody, patchOp, type ScimSetup, scim, scimApp, scimTenant, userBody } from './scim-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await scimApp();
});
afterAll(async () => ctx.close());

const account = (s: ScimSetup, email: string) =>
  ctx.db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', s.owner.tenantId)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

async function liveSessions(userId: string) {
  return ctx.db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

async function provision(s: ScimSetup, email: string, more: Record<string, unknown> = {}) {
  const res = await scim(s, 'POST', '/Users', userBody(email, email, more));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('POST /Users: roles from the single-sign-on mappings (document 3)', () => {
  it('with no mapped group the account is created disabled, federated; a mapped group opens it', async () => {
    const s = await scimTenant(ctx);
    const id = await provision(s, 'ada@example.com');
    expect(await account(s, 'ada@example.com')).toMatchObject({
      status: 'disabled',
      federated: 1,
      password_hash: null,
    });
    // GET reports the provider's intent, not the account state.
    expect((await scim(s, 'GET', `/Users/${id}`)).json().active).toBe(true);
    expect((await scim(s, 'POST', '/Groups', groupBody('Security Analysts', [id]))).statusCode).toBe(201);
    expect(await account(s, 'ada@example.com')).toMatchObject({ status: 'active', role: 'security_analyst' });
    const actions = await ctx.db
      .selectFrom('audit_events')
      .select(['action', 'actor_type', 'actor_id'])
      .where('tenant_id', '=', s.owner.tenantId)
      .where('actor_type', '=', 'scim')
      .execute();
    const publicId = (
      await ctx.db
        .selectFrom('scim_tokens')
        .select('public_id')
        .where('tenant_id', '=', s.owner.tenantId)
        .executeTakeFirstOrThrow()
    ).public_id;
    expect(actions.map((a) => a.action).sort()).toEqual([
      'scim.group_created',
      'scim.user_created',
      'user.enabled',
      'user.role_synced',
    ]);
    expect(new Set(actions.map((a) => a.actor_id))).toEqual(new Set([publicId]));
  });

  it('a group matches by external id too; the most privileged mapping wins; Owner is never given', async () => {
    const s = await scimTenant(ctx);
    const id = await provision(s, 'bo@example.com');
    await scim(s, 'POST', '/Groups', groupBody('Owners', [id]));
    expect(await account(s, 'bo@example.com')).toMatchObject({ status: 'disabled', role: 'viewer' });
    await scim(s, 'POST', '/Groups', groupBody('Platform admins', [id], { externalId: '7d1f0c2e-admins' }));
    await scim(s, 'POST', '/Groups', groupBody('Security Analysts', [id]));
    expect(await account(s, 'bo@example.com')).toMatchObject({ status: 'active', role: 'admin' });
  });

  it('the default role applies without a mapped group, but an Owner default gives nothing', async () => {
    const s = await scimTenant(ctx, { provider: { default_role: 'viewer' } });
    await provision(s, 'cy@example.com');
    expect(await account(s, 'cy@example.com')).toMatchObject({ status: 'active', role: 'viewer' });
    const t = await scimTenant(ctx, { provider: { default_role: 'owner' } });
    await provision(t, 'di@example.com');
    expect(await account(t, 'di@example.com')).toMatchObject({ status: 'disabled', role: 'viewer' });
  });

  it('adopts an existing account with the address; never an Owner (409); an address held by another provisioned user is 409 uniqueness', async () => {
    const s = await scimTenant(ctx, { provider: { default_role: 'auditor' } });
    const local = await insertUser(
      ctx.db,
      s.owner.tenantId,
      {
        email: 'eve@example.com',
        role: 'admin',
        status: 'active',
        passwordHash: await hashPassword('violet-harbour-lantern-42'),
      },
      ctx.clock.now(),
    );
    const id = await provision(s, 'Eve@Example.com');
    expect(await account(s, 'eve@example.com')).toMatchObject({
      id: local.id,
      federated: 1,
      role: 'auditor',
      status: 'active',
    });
    const adopted = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'scim.user_adopted')
      .where('subject_id', '=', local.id)
      .execute();
    expect(adopted).toHaveLength(1);
    const again = await scim(s, 'POST', '/Users', userBody('eve2', 'eve@example.com'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
    const sameName = await scim(s, 'POST', '/Users', userBody('EVE@example.com', 'other@example.com'));
    expect(sameName.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
    const owner = await scim(s, 'POST', '/Users', userBody('owner@example.com', 'owner@example.com'));
    expect(owner.statusCode).toBe(409);
    expect(owner.headers['content-type']).toContain('application/scim+json');
    expect((await account(s, 'owner@example.com')).federated).toBe(0);
    expect(id).not.toBe(local.id);
  });

  it('addresses outside the allowed domains are refused (400 invalidValue); a user needs an address', async () => {
    const s = await scimTenant(ctx);
    const outside = await scim(s, 'POST', '/Users', userBody('x@elsewhere.org', 'x@elsewhere.org'));
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ scimType: 'invalidValue' });
    const none = await scim(s, 'POST', '/Users', { userName: 'no-address', emails: [] });
    expect(none.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const noName = await scim(s, 'POST', '/Users', { emails: [{ value: 'y@example.com' }] });
    expect(noName.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const junk = await scim(s, 'POST', '/Users', '{"userName": tre', 'application/json');
    expect(junk.json()).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    expect(
      await ctx.db.selectFrom('users').select('id').where('tenant_id', '=', s.owner.tenantId).execute(),
    ).toHaveLength(1);
  });

  it('unstored attributes are accepted and ignored; the enterprise department is kept; names are case-insensitive', async () => {
    const s = await scimTenant(ctx);
    const res = await scim(
      s,
      'POST',
      '/Users',
      {
        UserName: 'fay@example.com',
        Active: 'True',
        phoneNumbers: [{ value: '+1 555 0100' }],
        addresses: [{ country: 'Bermuda' }],
        Emails: [{ Value: 'fay@example.com', Primary: true }],
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': {
          Department: 'Finance',
          manager: { value: 'x' },
        },
      },
      'application/json',
    );
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('Bermuda');
    expect(res.body).not.toContain('555');
    expect(res.json()).toMatchObject({
      userName: 'fay@example.com',
      active: true,
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Finance' },
    });
    expect((await account(s, 'fay@example.com')).department).toBe('Finance');
  });
});

describe('active, PUT, PATCH, DELETE', () => {
  it('active false (the string form too) disables and revokes sessions; active true reopens what it closed', async () => {
    const s = await scimTenant(ctx, { provider: { default_role: 'viewer' } });
    const id = await provision(s, 'gus@example.com');
    const user = await account(s, 'gus@example.com');
    await insertSession(ctx.db, s.owner.tenantId, { userId: user.id, authMethod: 'oidc' }, ctx.clock.now());
    const off = await scim(
      s,
      'PATCH',
      `/Users/${id}`,
      patchOp({ op: 'Replace', path: 'active', value: 'False' }),
      'application/json',
    );
    expect(off.statusCode).toBe(204);
    expect((await account(s, 'gus@example.com')).status).toBe('disabled');
    expect(await liveSessions(user.id)).toEqual([]);
    expect((await scim(s, 'GET', `/Users/${id}`)).json().active).toBe(false);
    const on = await scim(s, 'PATCH', `/Users/${id}`, patchOp({ op: 'replace', value: { active: true } }));
    expect(on.statusCode).toBe(204);
    expect((await account(s, 'gus@example.com')).status).toBe('active');
  });

  it('an account an administrator disabled stays disabled when the provider says active', async () => {
    const s = await scimTenant(ctx, { provider: { default_role: 'viewer' } });
    const id = await provision(s, 'hal@example.com');
    const user = await account(s, 'hal@example.com');
    const disabled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/disable`,
      headers: s.owner.headers,
      payload: { reason: 'left the team' },
    });
    expect(disabled.statusCode).toBe(200);
    await scim(s, 'PATCH', `/Users/${id}`, patchOp({ op: 'replace', path: 'active', value: false }));
    await scim(s, 'PATCH', `/Users/${id}`, patchOp({ op: 'replace', path: 'active', value: true }));
    expect((await account(s, 'hal@example.com')).status).toBe('disabled');
    expect((await scim(s, 'GET', `/Users/${id}`)).json().active).toBe(true);
  });

  it('writes aimed at an Owner are 403 and change nothing', async () => {
    const s = await scimTenant(ctx, { provider: { default_role: 'viewer' } });
    const id = await provision(s, 'ivy@example.com');
    const user = await account(s, 'ivy@example.com');
    // Ivy became an Owner elsewhere (an administrator promoted her, or her sign-in mapping says so).
    await ctx.db.updateTable('users').set({ role: 'owner' }).where('id', '=', user.id).execute();
    for (const res of [
      await scim(s, 'PATCH', `/Users/${id}`, patchOp({ op: 'replace', path: 'active', value: false })),
      await scim(s, 'PUT', `/Users/${id}`, userBody('ivy@example.com', 'ivy@example.com', { active: false })),
      await scim(s, 'DELETE', `/Users/${id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    }
    // A group change leaves her role alone; the refused sync is audited like the refused writes.
    await scim(s, 'POST', '/Groups', groupBody('Security Analysts', [id]));
    expect(await account(s, 'ivy@example.com')).toMatchObject({ role: 'owner', status: 'active' });
    const refusals = await ctx.db
      .selectFrom('audit_events')
      .select(['action', 'actor_type', 'metadata'])
      .where('subject_id', '=', user.id)
      .where('action', 'in', ['scim.owner_write_refused', 'user.role_sync_refused'])
      .execute();
    expect(refusals.map((r) => r.action).sort()).toEqual([
      'scim.owner_write_refused',
      'scim.owner_write_refused',
      'scim.owner_write_refused',
      'user.role_sync_refused',
    ]);
    expect(refusals.every((r) => r.actor_type === 'scim')).toBe(true);
    expect(refusals.map((r) => JSON.parse(r.metadata).refusal_code)).toEqual(Array(4).fill('auth.forbidden'));
  });

  it('PUT replaces the stored attributes; PATCH paths for names, emails by type and the department', async () => {
    const s = await scimTenant(ctx, { provider: { default_role: 'viewer' } });
    const id = await provision(s, 'jo@example.com', { externalId: 'ext-1', displayName: 'Jo' });
    const put = await scim(
      s,
      'PUT',
      `/Users/${id}`,
      userBody('jo.new@example.com', 'jo.new@example.com', { name: { formatted: 'Jo New' } }),
      'application/scim+json; charset=utf-8',
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      userName: 'jo.new@example.com',
      name: { formatted: 'Jo New' },
      displayName: 'Jo New',
    });
    expect(put.json().externalId).toBeUndefined();
    const patched = await scim(
      s,
      'PATCH',
      `/Users/${id}`,
      patchOp(
        { op: 'Add', path: 'emails[type eq "work"].value', value: 'jo.work@example.com' },
        { op: 'Replace', path: 'name.givenName', value: 'Joanna' },
        {
          op: 'Add',
          path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
          value: 'Legal',
        },
        { op: 'replace', path: 'title', value: 'ignored' },
      ),
    );
    expect(patched.statusCode).toBe(204);
    const got = (await scim(s, 'GET', `/Users/${id}`)).json();
    expect(got.emails).toEqual([{ value: 'jo.work@example.com', type: 'work', primary: true }]);
    expect(got.name).toMatchObject({ givenName: 'Joanna' });
    expect(await account(s, 'jo.work@example.com')).toMatchObject({ department: 'Legal' });
    const noTarget = await scim(s, 'PATCH', `/Users/${id}`, patchOp({ op: 'remove' }));
    expect(noTarget.json()).toMatchObject({ status: '400', scimType: 'noTarget' });
    const noOps = await scim(s, 'PATCH', `/Users/${id}`, { schemas: [] });
    expect(noOps.json()).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
  });

  it('DELETE disables (sessions end), removes from groups and releases: 404 afterwards; re-provisioning adopts and reopens', async () => {
    const s = await scimTenant(ctx);
    const id = await provision(s, 'kim@example.com');
    const group = (await scim(s, 'POST', '/Groups', groupBody('Security Analysts', [id]))).json()
      .id as string;
    const user = await account(s, 'kim@example.com');
    await insertSession(ctx.db, s.owner.tenantId, { userId: user.id, authMethod: 'oidc' }, ctx.clock.now());
    expect((await scim(s, 'DELETE', `/Users/${id}`)).statusCode).toBe(204);
    expect((await account(s, 'kim@example.com')).status).toBe('disabled');
    expect(await liveSessions(user.id)).toEqual([]);
    expect((await scim(s, 'GET', `/Users/${id}`)).statusCode).toBe(404);
    expect((await scim(s, 'DELETE', `/Users/${id}`)).statusCode).toBe(404);
    expect((await scim(s, 'GET', `/Groups/${group}`)).json().members).toEqual([]);
    const again = await provision(s, 'kim@example.com');
    expect(again).not.toBe(id);
    await scim(
      s,
      'PATCH',
      `/Groups/${group}`,
      patchOp({ op: 'add', path: 'members', value: [{ value: again }] }),
    );
    expect(await account(s, 'kim@example.com')).toMatchObject({ id: user.id, status: 'active' });
  });

  it("another tenant's user is the same 404", async () => {
    const s = await scimTenant(ctx);
    const t = await scimTenant(ctx);
    const id = await provision(s, 'lou@example.com');
    expect((await scim(t, 'GET', `/Users/${id}`)).statusCode).toBe(404);
    expect((await scim(t, 'DELETE', `/Users/${id}`)).statusCode).toBe(404);
    expect((await scim(s, 'GET', `/Users/${id}`)).statusCode).toBe(200);
  });
});

describe('audit and person text', () => {
  it('a PUT or PATCH changing nothing records nothing; a change records which fields', async () => {
    const s = await scimTenant(ctx, { provider: { default_role: 'viewer' } });
    const id = await provision(s, 'oli@example.com', { displayName: 'Oli' });
    const updates = () =>
      ctx.db
        .selectFrom('audit_events')
        .select('metadata')
        .where('tenant_id', '=', s.owner.tenantId)
        .where('action', '=', 'scim.user_updated')
        .execute();
    await scim(
      s,
      'PUT',
      `/Users/${id}`,
      userBody('oli@example.com', 'oli@example.com', { displayName: 'Oli' }),
    );
    await scim(s, 'PATCH', `/Users/${id}`, patchOp({ op: 'replace', path: 'active', value: true }));
    expect(await updates()).toEqual([]);
    await scim(
      s,
      'PATCH',
      `/Users/${id}`,
      patchOp({ op: 'replace', value: { displayName: 'Oliver', active: false } }),
    );
    expect((await updates()).map((u) => JSON.parse(u.metadata).changed_fields)).toEqual([
      ['displayName', 'active'],
    ]);
  });

  it('names people read follow the person-text rule (a direction override is 400 invalidValue)', async () => {
    const s = await scimTenant(ctx);
    const res = await scim(
      s,
      'POST',
      '/Users',
      userBody('pam@example.com', 'pam@example.com', { displayName: 'Pam\u202Egnp.exe' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ scimType: 'invalidValue' });
    expect(res.body).not.toContain('gnp.exe');
    const group = await scim(s, 'POST', '/Groups', { displayName: 'Team\u202E' });
    expect(group.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
  });
});

describe('GET /Users: eq filters and paging', () => {
  it('filters userName (any case), emails.value and externalId; refuses every other filter', async () => {
    const s = await scimTenant(ctx);
    const a = await provision(s, 'mia@example.com', { externalId: 'E-1' });
    await provision(s, 'ned@example.com');
    const ids = async (q: string) =>
      (await scim(s, 'GET', `/Users?filter=${encodeURIComponent(q)}`))
        .json()
        .Resources.map((r: { id: string }) => r.id);
    expect(await ids('userName eq "MIA@example.com"')).toEqual([a]);
    expect(await ids('emails.value eq "mia@example.com"')).toEqual([a]);
    expect(await ids('externalId eq "E-1"')).toEqual([a]);
    expect(await ids('externalId eq "e-1"')).toEqual([]);
    for (const bad of [
      'userName sw "m"',
      'displayName eq "x"',
      'userName eq "a" and externalId eq "b"',
      'meta.created gt "2015-10-10"',
      'emails[type eq "work"]',
    ]) {
      const res = await scim(s, 'GET', `/Users?filter=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ scimType: 'invalidFilter' });
    }
  });

  it('endpoint names are matched without case; ids and other paths stay as sent', async () => {
    const s = await scimTenant(ctx);
    const id = await provision(s, 'casey@example.com');
    const listed = (await scim(s, 'GET', '/users?filter=userName eq "casey@example.com"')).json();
    expect(listed).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    expect((await scim(s, 'GET', `/USERS/${id}`)).json().id).toBe(id);
    expect((await scim(s, 'GET', `/Users/${id.toUpperCase()}`)).statusCode).toBe(404);
    expect((await scim(s, 'GET', '/groups')).statusCode).toBe(200);
    expect((await scim(s, 'GET', '/serviceproviderconfig')).statusCode).toBe(200);
    expect((await scim(s, 'GET', '/resourcetypes')).statusCode).toBe(200);
    // Only the four endpoint names: anything else is still unknown (and unauthenticated callers get nothing).
    expect((await scim(s, 'GET', '/usersx')).statusCode).toBe(404);
    expect((await scim(s, 'GET', '/schemas')).statusCode).toBe(404);
    const noToken = await ctx.app.inject({ url: '/api/v1/scim/v2/users' });
    expect(noToken.statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/v1/SCIM/v2/Users', headers: s.headers })).statusCode).toBe(404);
  });

  it('startIndex and count page the list (RFC 7644 3.4.2.4)', async () => {
    const s = await scimTenant(ctx);
    for (const n of ['p1', 'p2', 'p3']) await provision(s, `${n}@example.com`);
    const page = (await scim(s, 'GET', '/Users?startIndex=2&count=1')).json();
    expect(page).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    const all = (await scim(s, 'GET', '/Users')).json().Resources.map((r: { id: string }) => r.id);
    expect(all).toHaveLength(3);
    expect(page.Resources[0].id).toBe(all[1]);
    expect((await scim(s, 'GET', '/Users?count=0')).json()).toMatchObject({
      totalResults: 3,
      itemsPerPage: 0,
      Resources: [],
    });
    expect((await scim(s, 'GET', '/Users?startIndex=0')).json()).toMatchObject({
      startIndex: 1,
      itemsPerPage: 3,
    });
    const other = await signInAs(ctx, { role: 'owner' });
    expect(other.tenantId).not.toBe(s.owner.tenantId);
  });
});
