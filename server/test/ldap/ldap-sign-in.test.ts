import { Client } from 'ldapts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, stepUp } from '../helpers/sign-in.js';
import type { TestContext } from '../helpers/test-app.js';
import { createLdapApp, credential, ldapLogin, ownerWithLdap, REF, saveLdap, TENANT } from './ldap-app.js';
import { type SambaPeer, startSambaPeer } from './samba-peer.js';

/** Directory sign-in (document 3) against a real Samba AD domain controller over LDAPS. */

let peer: SambaPeer;
let ctx: TestContext | undefined;
beforeAll(async () => {
  peer = await startSambaPeer();
  // Dana's address, principal name (dana@dlp.test) and account name are three different strings.
  await peer.sambaTool('user', 'add', 'dana', 'Passw0rd!Dana1', '--mail-address=dana.reyes@dlp.test');
  await peer.sambaTool('group', 'addmembers', 'DLP-Analysts', 'dana');
}, 300_000);
afterAll(async () => {
  await peer?.close();
});
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function app(env: Record<string, string> = {}) {
  ctx = await createLdapApp(peer, env);
  return ctx;
}

async function badPwdCount(): Promise<number> {
  const client = new Client({ url: peer.url, tlsOptions: { ca: [peer.ca] } });
  try {
    await client.bind(peer.service.dn, peer.service.password);
    const { searchEntries } = await client.search(peer.baseDn, {
      filter: '(sAMAccountName=alice)',
      attributes: ['badPwdCount'],
    });
    return Number(searchEntries[0]?.badPwdCount ?? 0);
  } finally {
    await client.unbind();
  }
}

describe('/auth/ldap/available and /settings/ldap-auth', () => {
  it('is off until an enabled setting exists; then names the display name', async () => {
    const c = await app();
    const before = await c.app.inject({ url: `/api/v1/auth/ldap/available?tenant=${TENANT}` });
    expect(before.json()).toEqual({ enabled: false });
    await ownerWithLdap(c, peer);
    const after = await c.app.inject({ url: `/api/v1/auth/ldap/available?tenant=${TENANT}` });
    expect(after.json()).toEqual({ enabled: true, display_name: 'Corporate directory' });
    const unknown = await c.app.inject({ url: '/api/v1/auth/ldap/available?tenant=nobody' });
    expect(unknown.json()).toEqual({ enabled: false });
  });

  it('stores only the reference and never returns the CA; the test bind reports without the password', async () => {
    const c = await app();
    const owner = await ownerWithLdap(c, peer);
    const read = await c.app.inject({ url: '/api/v1/settings/ldap-auth', headers: owner.headers });
    expect(read.json()).toMatchObject({
      configured: true,
      credential_ref: REF,
      has_ca_certificate: true,
      enabled: true,
      create_users: true,
    });
    expect(read.body).not.toContain('BEGIN CERTIFICATE');
    const test = await c.app.inject({
      method: 'POST',
      url: '/api/v1/settings/ldap-auth/test',
      headers: owner.headers,
    });
    expect(test.json()).toEqual({
      verified: true,
      detail: 'bound as the service account over LDAPS; base DN read; 1 of 1 mapped groups found',
    });
    const stored = await c.db.selectFrom('ldap_providers').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(peer.service.password);
    const audit = await c.db.selectFrom('audit_events').select('metadata').execute();
    for (const a of audit) expect(a.metadata).not.toContain(peer.service.password);
  });

  it('refuses a reference bound to another tenant, a mapping that is not a SID, and clear text', async () => {
    const c = await app({ DLP_SECRET_OTHER_DIRECTORY: credential(peer) });
    const owner = await signInAs(c, { role: 'owner', tenant: TENANT });
    const foreign = await saveLdap(c, owner, peer, { credential_ref: 'env:DLP_SECRET_OTHER_DIRECTORY' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().details[0].field).toBe('credential_ref');
    const notSid = await saveLdap(c, owner, peer, {
      role_mappings: [{ group: 'DLP-Nested', role: 'viewer' }],
    });
    expect(notSid.statusCode).toBe(422);
    expect(notSid.json().details[0].field).toBe('role_mappings[0].group');
    expect(await c.db.selectFrom('ldap_providers').selectAll().execute()).toEqual([]);
  });

  it('a clear-text ldap:// credential without StartTLS is never used: the test says why, sign-in is 401', async () => {
    const c = await app({ DLP_SECRET_ACME_PLAIN: credential(peer, { url: peer.startTlsUrl }) });
    const owner = await ownerWithLdap(c, peer, { credential_ref: 'env:DLP_SECRET_ACME_PLAIN' });
    const test = await c.app.inject({
      method: 'POST',
      url: '/api/v1/settings/ldap-auth/test',
      headers: owner.headers,
    });
    expect(test.json()).toEqual({ verified: false, detail: 'an ldap:// URL needs start_tls: true' });
    expect((await ldapLogin(c, 'alice', 'Passw0rd!Alice1')).statusCode).toBe(401);
  });

  it('saving needs sso:write (an Admin lacks it) and the step-up; a mapping may grant Owner', async () => {
    const c = await app();
    const admin = await signInAs(c, { role: 'admin', tenant: TENANT });
    const refused = await saveLdap(c, admin, peer);
    expect(refused.statusCode).toBe(403);
    const owner = await signInAs(c, { role: 'owner', tenant: TENANT });
    const bare = await c.app.inject({
      method: 'DELETE',
      url: '/api/v1/settings/ldap-auth',
      headers: owner.headers,
      payload: { reason: 'no step-up' },
    });
    expect(bare.json().code).toBe('auth.step_up_required');
    const sid = await peer.groupSid('DLP-Nested');
    const saved = await saveLdap(c, owner, peer, { role_mappings: [{ group: sid, role: 'owner' }] });
    expect(saved.statusCode).toBe(204);
    const login = await ldapLogin(c, 'alice', 'Passw0rd!Alice1');
    expect(login.json().user.role).toBe('owner');
  });
  it('a mapping granting Owner is saved, changed or removed only by an Owner', async () => {
    const c = await app();
    const owner = await signInAs(c, { role: 'owner', tenant: TENANT });
    await stepUp(c, owner, 'role_change');
    const role = await c.app.inject({
      method: 'POST',
      url: '/api/v1/roles',
      headers: owner.headers,
      payload: { name: 'Directory keepers', permissions: ['sso:write', 'system:read'] },
    });
    const keeper = await signInAs(c, { role: 'custom', customRoleId: role.json().id, tenant: TENANT });
    const sid = await peer.groupSid('DLP-Nested');
    const owners = [{ group: sid, role: 'owner' }];
    expect((await saveLdap(c, keeper, peer, { role_mappings: owners })).statusCode).toBe(403);
    expect((await saveLdap(c, keeper, peer)).statusCode).toBe(204);
    expect((await saveLdap(c, owner, peer, { role_mappings: owners })).statusCode).toBe(204);
    // The stored mapping grants Owner now: the keeper may neither change nor remove it.
    expect((await saveLdap(c, keeper, peer)).statusCode).toBe(403);
    await stepUp(c, keeper, 'sign_in_settings');
    const remove = await c.app.inject({
      method: 'DELETE',
      url: '/api/v1/settings/ldap-auth',
      headers: keeper.headers,
      payload: { reason: 'keeper tries' },
    });
    expect(remove.statusCode).toBe(403);
    const stored = await c.db.selectFrom('ldap_providers').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(stored.role_mappings)).toEqual(owners);
  });
});

describe('POST /auth/ldap/login', () => {
  it('signs in by address, principal name and account name; nested group maps to the role', async () => {
    const c = await app();
    await ownerWithLdap(c, peer);
    for (const login of ['alice@dlp.test', 'alice@DLP.TEST', 'alice']) {
      const res = await ldapLogin(c, login, 'Passw0rd!Alice1');
      expect(res.statusCode, login).toBe(200);
      expect(res.json().user).toMatchObject({ email: 'alice@dlp.test', role: 'security_analyst' });
    }
    const users = await c.db.selectFrom('users').selectAll().where('email', '=', 'alice@dlp.test').execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ federated: 1, password_hash: null, role: 'security_analyst' });
    const sessions = await c.db
      .selectFrom('sessions')
      .select('auth_method')
      .where('user_id', '=', users[0]?.id ?? '')
      .execute();
    expect(sessions.map((s) => s.auth_method)).toEqual(['ldap', 'ldap', 'ldap']);
    // Each form alone finds the person: address, principal name and account name all differ here.
    for (const login of ['dana.reyes@dlp.test', 'dana@dlp.test', 'dana']) {
      const res = await ldapLogin(c, login, 'Passw0rd!Dana1');
      expect(res.statusCode, login).toBe(200);
      expect(res.json().user).toMatchObject({ email: 'dana.reyes@dlp.test', role: 'security_analyst' });
    }
    const danas = await c.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'dana.reyes@dlp.test')
      .execute();
    expect(danas).toHaveLength(1);
  });

  it('every refusal is the same 401: wrong password, unknown, disabled, unmapped, empty password', async () => {
    const c = await app();
    await ownerWithLdap(c, peer);
    const answers = [
      await ldapLogin(c, 'alice@dlp.test', 'wrong-password'),
      await ldapLogin(c, 'nobody@dlp.test', 'Passw0rd!Alice1'),
      await ldapLogin(c, 'carol@dlp.test', 'Passw0rd!Carol1'),
      await ldapLogin(c, 'bob@dlp.test', 'Passw0rd!Bob1'),
      await ldapLogin(c, 'alice@dlp.test', ''),
      await ldapLogin(c, '*', 'Passw0rd!Alice1'),
      await ldapLogin(c, 'alice@dlp.test', 'Passw0rd!Alice1', 'nobody'),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBe(401);
      expect({ ...a.json(), request_id: undefined }).toEqual({
        ...answers[0]?.json(),
        request_id: undefined,
      });
    }
    expect(
      await c.db.selectFrom('users').select('email').where('email', 'like', '%@dlp.test').execute(),
    ).toEqual([]);
  });

  it('locks by object GUID after the configured failures and does not send the password while locked', async () => {
    const c = await app({ DLP_MAX_FAILED_LOGINS: '3', DLP_LOCKOUT_MINUTES: '15' });
    await ownerWithLdap(c, peer);
    // Three wrong passwords through three different names of the same person.
    for (const login of ['alice@dlp.test', 'alice@DLP.TEST', 'alice'])
      expect((await ldapLogin(c, login, 'wrong-password')).statusCode).toBe(401);
    const lock = await c.db.selectFrom('ldap_lockouts').selectAll().executeTakeFirstOrThrow();
    expect(lock.locked_until).not.toBeNull();
    const counted = await badPwdCount();
    expect((await ldapLogin(c, 'alice', 'wrong-password')).statusCode).toBe(401);
    expect(await badPwdCount()).toBe(counted);
    expect((await ldapLogin(c, 'alice@dlp.test', 'Passw0rd!Alice1')).statusCode).toBe(401);
    c.clock.advance(16 * 60_000);
    expect((await ldapLogin(c, 'alice@dlp.test', 'Passw0rd!Alice1')).statusCode).toBe(200);
    expect(await c.db.selectFrom('ldap_lockouts').selectAll().execute()).toEqual([]);
  });

  it('StartTLS with the pinned CA works; a wrong CA refuses with the same 401', async () => {
    const c = await app({
      DLP_SECRET_ACME_STARTTLS: credential(peer, { url: peer.startTlsUrl, start_tls: true }),
    });
    const owner = await ownerWithLdap(c, peer, { credential_ref: 'env:DLP_SECRET_ACME_STARTTLS' });
    expect((await ldapLogin(c, 'alice', 'Passw0rd!Alice1')).statusCode).toBe(200);
    // Without the pinned CA the directory's certificate chains to nothing trusted.
    await saveLdap(c, owner, peer, {
      credential_ref: REF,
      clear_ca_certificate: true,
      ca_certificate: undefined,
    });
    const refused = await ldapLogin(c, 'alice', 'Passw0rd!Alice1');
    expect(refused.statusCode).toBe(401);
    const test = await c.app.inject({
      method: 'POST',
      url: '/api/v1/settings/ldap-auth/test',
      headers: owner.headers,
    });
    expect(test.json().verified).toBe(false);
    expect(test.body).not.toContain(peer.service.password);
  });

  it('does not take over a local password account with the same address; create_users false creates nothing', async () => {
    const c = await app();
    await ownerWithLdap(c, peer, { create_users: false });
    expect((await ldapLogin(c, 'alice', 'Passw0rd!Alice1')).statusCode).toBe(401);
    await signInAs(c, {
      role: 'viewer',
      tenant: TENANT,
      email: 'alice@dlp.test',
      password: 'local-pass-phrase-9',
    });
    const res = await ldapLogin(c, 'alice', 'Passw0rd!Alice1');
    expect(res.statusCode).toBe(401);
  });

  it('DELETE /settings/ldap-auth disables every directory account and ends its sessions', async () => {
    const c = await app();
    const owner = await ownerWithLdap(c, peer);
    const signed = await ldapLogin(c, 'alice', 'Passw0rd!Alice1');
    const token = signed.json().token as string;
    const me = await c.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    await stepUp(c, owner, 'sign_in_settings');
    const removed = await c.app.inject({
      method: 'DELETE',
      url: '/api/v1/settings/ldap-auth',
      headers: owner.headers,
      payload: { reason: 'directory retired' },
    });
    expect(removed.statusCode).toBe(204);
    const after = await c.app.inject({
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    const alice = await c.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'alice@dlp.test')
      .executeTakeFirstOrThrow();
    expect(alice.status).toBe('disabled');
    expect((await c.app.inject({ url: `/api/v1/auth/ldap/available?tenant=${TENANT}` })).json()).toEqual({
      enabled: false,
    });
  });
});
