import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

const MIN = 60_000;

async function me(headers: Record<string, string>) {
  return ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
}
async function heartbeat(headers: Record<string, string>) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/activity', headers });
}

describe('tenant idle time', () => {
  it('defaults to 60 minutes: a session idle beyond it answers 401 auth.session_idle and stays ended', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    ctx.clock.advance(59 * MIN);
    expect((await me(owner.headers)).statusCode).toBe(200);
    ctx.clock.advance(2 * MIN);
    const idle = await me(owner.headers);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().code).toBe('auth.session_idle');
    // Revoked: coming back within the window does not revive it.
    ctx.clock.advance(-30 * MIN);
    expect((await me(owner.headers)).statusCode).toBe(401);
  });

  it('reads do not count as use; the heartbeat does', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const other = await signInAs(ctx, { role: 'viewer', tenant: owner.tenantSlug });
    for (let i = 0; i < 4; i++) {
      ctx.clock.advance(20 * MIN);
      expect((await heartbeat(owner.headers)).statusCode).toBe(204);
      if (i < 2) expect((await me(other.headers)).statusCode).toBe(200);
    }
    expect((await me(owner.headers)).statusCode).toBe(200);
    expect((await me(other.headers)).json().code).toBe('auth.session_idle');
  });

  it('writes last_activity_at at most once a minute', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    const read = () =>
      ctx.db
        .selectFrom('sessions')
        .select('last_activity_at')
        .where('id', '=', owner.sessionId)
        .executeTakeFirstOrThrow();
    const start = (await read()).last_activity_at;
    ctx.clock.advance(30_000);
    await heartbeat(owner.headers);
    expect((await read()).last_activity_at).toBe(start);
    ctx.clock.advance(30_000);
    await heartbeat(owner.headers);
    expect((await read()).last_activity_at).toBe(ctx.clock.now().toISOString());
  });

  it('POST /settings/session changes the idle time (15-480), audited settings.session_idle_changed', async () => {
    const owner = await signInAs(ctx, { role: 'owner' });
    for (const idle_minutes of [14, 481]) {
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/settings/session',
        headers: owner.headers,
        payload: { idle_minutes, reason: 'tighten idle' },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().details[0].field).toContain('idle_minutes');
    }
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/settings/session',
      headers: owner.headers,
      payload: { idle_minutes: 15, reason: 'tighten idle' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ idle_minutes: 15 });
    const got = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/settings/session',
      headers: owner.headers,
    });
    expect(got.json()).toEqual({ idle_minutes: 15 });
    const audit = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'settings.session_idle_changed')
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(owner.userId);
    expect(JSON.parse(audit.metadata)).toMatchObject({ before: 60, after: 15 });
    expect(JSON.parse(audit.metadata).request_id).toBeTruthy();
    ctx.clock.advance(16 * MIN);
    expect((await me(owner.headers)).json().code).toBe('auth.session_idle');
  });

  it('only tenant:write changes the idle time (a Viewer is refused naming it)', async () => {
    const viewer = await signInAs(ctx, { role: 'viewer' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/settings/session',
      headers: viewer.headers,
      payload: { idle_minutes: 30, reason: 'try it' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('tenant:write');
  });
});
