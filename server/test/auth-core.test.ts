import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSession } from '../src/http/auth-store.js';
import { STEP_UP_WINDOW_MS } from '../src/http/step-up.js';
import { SESSION_COOKIE } from '../src/http/tokens.js';
import { createTestApp, signInAs, stepUp, type TestContext } from './helpers/index.js';
import { probeModule } from './helpers/probe-module.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ extraModules: [probeModule] });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers });

describe('authenticate', () => {
  it('refuses a request without credentials with 401 auth.unauthenticated', async () => {
    const res = await get('/api/v1/probe/whoami');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'auth.unauthenticated', details: [] });
  });

  it('refuses an unknown token and a malformed Authorization header the same way', async () => {
    const a = await get('/api/v1/probe/whoami', { authorization: 'Bearer dlps_unknown' });
    const b = await get('/api/v1/probe/whoami', { authorization: 'Basic abc' });
    expect([a.statusCode, b.statusCode]).toEqual([401, 401]);
    expect(a.json()).toEqual(b.json());
  });

  it('accepts a bearer session token and resolves the role permissions', async () => {
    const who = await signInAs(ctx, { role: 'viewer' });
    const res = await get('/api/v1/probe/whoami', who.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user_id: who.userId,
      role: 'viewer',
      permissions: ['agents:read', 'detectors:read', 'overview:read', 'policies:read'],
    });
  });

  it('accepts the session cookie', async () => {
    const who = await signInAs(ctx, { role: 'admin' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/probe/whoami',
      cookies: { [SESSION_COOKIE]: who.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_id).toBe(who.userId);
  });

  it('refuses a revoked session, an expired one and a disabled account', async () => {
    const revoked = await signInAs(ctx, { role: 'owner' });
    await revokeSession(ctx.db, revoked.tenantId, revoked.sessionId, 'test', ctx.clock.now());
    expect((await get('/api/v1/probe/whoami', revoked.headers)).statusCode).toBe(401);

    const disabled = await signInAs(ctx, { role: 'owner' });
    await ctx.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', disabled.userId).execute();
    expect((await get('/api/v1/probe/whoami', disabled.headers)).statusCode).toBe(401);

    const expired = await signInAs(ctx, { role: 'owner' });
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: ctx.clock.now().toISOString() })
      .where('id', '=', expired.sessionId)
      .execute();
    expect((await get('/api/v1/probe/whoami', expired.headers)).statusCode).toBe(401);
  });

  it('leaves public routes open', async () => {
    expect((await get('/api/v1/openapi.json')).statusCode).toBe(200);
  });

  it('lets a module add an authenticator and a session check without touching routes', async () => {
    const local = await createTestApp({
      extraModules: [
        async (app) => {
          app.auth.addAuthenticator(async (credential) =>
            credential.value === 'dlpt_fixed'
              ? {
                  kind: 'api_token',
                  tenantId: 't',
                  userId: 'u',
                  role: 'auditor',
                  customRoleId: null,
                  permissions: new Set(['audit:read'] as const),
                  tokenId: 'tok',
                }
              : null,
          );
          app.auth.addSessionCheck(async ({ user }) => {
            if (user.display_name === 'idle') {
              const { AppError } = await import('../src/http/errors.js');
              throw new AppError('auth.session_idle', 'the session was idle too long');
            }
          });
        },
        probeModule,
      ],
    });
    try {
      const tok = await local.app.inject({
        method: 'GET',
        url: '/api/v1/probe/whoami',
        headers: { authorization: 'Bearer dlpt_fixed' },
      });
      expect(tok.json()).toMatchObject({ user_id: 'u', permissions: ['audit:read'] });
      const idle = await signInAs(local, { role: 'owner', displayName: 'idle' });
      const res = await local.app.inject({
        method: 'GET',
        url: '/api/v1/probe/whoami',
        headers: idle.headers,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth.session_idle');
    } finally {
      await local.close();
    }
  });
});

describe('permissions are resolved on every request', () => {
  it('follows a role change at the next request', async () => {
    const who = await signInAs(ctx, { role: 'viewer' });
    expect((await post('/api/v1/probe/users-write', who.headers)).statusCode).toBe(403);
    await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', who.userId).execute();
    expect((await post('/api/v1/probe/users-write', who.headers)).statusCode).toBe(204);
  });

  it('gives a custom role without a loader no permissions', async () => {
    const who = await signInAs(ctx, { role: 'custom', customRoleId: '00000000-0000-4000-8000-000000000001' });
    const res = await get('/api/v1/probe/whoami', who.headers);
    expect(res.json().permissions).toEqual([]);
  });

  it('uses the registered custom role loader', async () => {
    const local = await createTestApp({
      extraModules: [
        async (app) => {
          app.auth.setCustomRoleLoader(async (_db, _tenant, id) =>
            id === 'live' ? { permissions: ['incidents:read', 'users:write'], retired: false } : undefined,
          );
        },
        probeModule,
      ],
    });
    try {
      const who = await signInAs(local, { role: 'custom', customRoleId: 'live' });
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/v1/probe/users-write',
        headers: who.headers,
      });
      expect(res.statusCode).toBe(204);
    } finally {
      await local.close();
    }
  });
});

describe('guards', () => {
  it('requirePermission answers 403 auth.forbidden naming the permission', async () => {
    const who = await signInAs(ctx, { role: 'security_analyst' });
    const res = await post('/api/v1/probe/users-write', who.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'auth.forbidden' });
    expect(res.json().message).toContain('users:write');
  });

  it('requireAnyPermission accepts either and names the first when neither is held', async () => {
    const auditor = await signInAs(ctx, { role: 'auditor' });
    expect((await get('/api/v1/probe/directory', auditor.headers)).statusCode).toBe(204);
    const viewer = await signInAs(ctx, { role: 'viewer' });
    const res = await get('/api/v1/probe/directory', viewer.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('users:write');
  });

  it('requireStepUp needs a fresh confirmation on this session and purpose', async () => {
    const who = await signInAs(ctx, { role: 'owner' });
    const first = await post('/api/v1/probe/role-change', who.headers);
    expect(first.statusCode).toBe(403);
    expect(first.json()).toMatchObject({
      code: 'auth.step_up_required',
      details: [{ field: 'purpose', message: 'role_change' }],
    });

    await stepUp(ctx, who, 'sign_in_settings');
    expect((await post('/api/v1/probe/role-change', who.headers)).statusCode).toBe(403);

    await stepUp(ctx, who, 'role_change');
    expect((await post('/api/v1/probe/role-change', who.headers)).statusCode).toBe(204);

    // Another session of the same person does not inherit the confirmation.
    const other = await signInAs(ctx, { role: 'owner', tenant: who.tenantSlug });
    expect((await post('/api/v1/probe/role-change', other.headers)).statusCode).toBe(403);

    ctx.clock.advance(STEP_UP_WINDOW_MS + 1000);
    expect((await post('/api/v1/probe/role-change', who.headers)).statusCode).toBe(403);
  });
});

describe('audit writer', () => {
  it('stores actor, subject and the request id', async () => {
    const who = await signInAs(ctx, { role: 'owner' });
    const res = await post('/api/v1/probe/audited', who.headers);
    const row = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('id', '=', res.json().audit_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant_id: who.tenantId,
      actor_type: 'user',
      actor_id: who.userId,
      action: 'probe.done',
      subject_type: 'probe',
      subject_id: 'x',
    });
    expect(JSON.parse(row.metadata)).toEqual({ note: 'ok', request_id: res.headers['x-request-id'] });
  });

  it('refuses metadata keys that look like secrets', async () => {
    const write = (metadata: Record<string, unknown>) =>
      ctx.app.deps.audit.write(
        { tenantId: null, actor: { type: 'system', id: null }, requestId: null },
        { action: 'x', metadata },
      );
    await expect(write({ password: 'x' })).rejects.toThrow(/secret/);
    await expect(write({ nested: { invitation: 'x' } })).rejects.toThrow(/secret/);
    await expect(write({ session_token: 'x' })).rejects.toThrow(/secret/);
    await expect(write({ token_public_id: 'abc', sessions_ended_count: 2 })).resolves.toBeTypeOf('string');
  });
});
