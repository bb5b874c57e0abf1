import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { totpCode, totpStep } from '../../src/modules/identity/totp.js';
import { signInAs, stepUp } from '../helpers/sign-in.js';
import type { TestContext } from '../helpers/test-app.js';
import { createAccount, createIdentityApp, login } from './identity-app.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createIdentityApp({ DLP_MAX_FAILED_LOGINS: '8' });
});
afterEach(async () => {
  await ctx.close();
});

function post(url: string, payload?: InjectOptions['payload'], headers?: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });
}

/** An account signed in by password with a confirmed TOTP factor. */
async function enrolled() {
  const a = await createAccount(ctx);
  const signed = (await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password })).json();
  const headers = { authorization: `Bearer ${signed.token}` };
  const sessionId = (
    await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', a.userId).executeTakeFirstOrThrow()
  ).id;
  const refused = await post('/auth/second-factor/enrol', undefined, headers);
  expect(refused.json().code).toBe('auth.step_up_required');
  await stepUp(ctx, { tenantId: a.tenantId, sessionId } as Parameters<typeof stepUp>[1], 'second_factor');
  const started = await post('/auth/second-factor/enrol', undefined, headers);
  expect(started.statusCode).toBe(200);
  const { secret, otpauth_uri } = started.json();
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*algorithm=SHA1.*digits=6.*period=30/);
  const stored = await ctx.db
    .selectFrom('second_factors')
    .selectAll()
    .where('user_id', '=', a.userId)
    .executeTakeFirstOrThrow();
  expect(stored.secret_sealed).not.toContain(secret);
  const wrong = await post(
    '/auth/second-factor/confirm',
    { code: totpCode(secret, totpStep(ctx.clock.now()) + 5) },
    headers,
  );
  expect(wrong.statusCode).toBe(422);
  const confirmed = await post(
    '/auth/second-factor/confirm',
    { code: totpCode(secret, totpStep(ctx.clock.now())) },
    headers,
  );
  expect(confirmed.statusCode).toBe(200);
  const codes: string[] = confirmed.json().recovery_codes;
  expect(codes).toHaveLength(10);
  const status = (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/second-factor', headers })).json();
  expect(status).toMatchObject({ applies: true, enrolled: true, recovery_codes_left: 10 });
  return { a, secret, codes };
}

async function challenge(a: { tenantSlug: string; email: string; password: string }) {
  const res = await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password });
  expect(res.statusCode).toBe(200);
  expect(res.json().next).toBe('second_factor');
  expect(res.headers['set-cookie']).toBeUndefined();
  return res.json().challenge as string;
}

describe('second factor', () => {
  it('sign-in asks for the code; a code is accepted once (replay refused, also in the next challenge)', async () => {
    const { a, secret } = await enrolled();
    ctx.clock.advance(30_000);
    const code = totpCode(secret, totpStep(ctx.clock.now()));
    const ok = await post('/auth/login/second-factor', { challenge: await challenge(a), code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toMatch(/^dlps_/);
    const replay = await post('/auth/login/second-factor', { challenge: await challenge(a), code });
    expect(replay.statusCode).toBe(401);
    // The previous step is not accepted either once a later one was.
    const earlier = await post('/auth/login/second-factor', {
      challenge: await challenge(a),
      code: totpCode(secret, totpStep(ctx.clock.now()) - 1),
    });
    expect(earlier.statusCode).toBe(401);
    ctx.clock.advance(30_000);
    const next = await post('/auth/login/second-factor', {
      challenge: await challenge(a),
      code: totpCode(secret, totpStep(ctx.clock.now())),
    });
    expect(next.statusCode).toBe(200);
  });

  it('a recovery code is spent on use', async () => {
    const { a, codes } = await enrolled();
    const first = await post('/auth/login/second-factor', {
      challenge: await challenge(a),
      recovery_code: codes[0],
    });
    expect(first.statusCode).toBe(200);
    const again = await post('/auth/login/second-factor', {
      challenge: await challenge(a),
      recovery_code: codes[0],
    });
    expect(again.statusCode).toBe(401);
    const digests = JSON.stringify(await ctx.db.selectFrom('recovery_codes').selectAll().execute());
    for (const c of codes) expect(digests).not.toContain(c);
  });

  it('a challenge lasts five minutes and five attempts; wrong codes are audited auth.second_factor_failed', async () => {
    const { a, secret } = await enrolled();
    const c = await challenge(a);
    for (let i = 0; i < 5; i++)
      expect((await post('/auth/login/second-factor', { challenge: c, code: '12345x' })).statusCode).toBe(
        401,
      );
    ctx.clock.advance(30_000);
    const spent = await post('/auth/login/second-factor', {
      challenge: c,
      code: totpCode(secret, totpStep(ctx.clock.now())),
    });
    expect(spent.statusCode).toBe(401);
    const failures = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'auth.second_factor_failed')
      .execute();
    expect(failures).toHaveLength(5);
    expect(JSON.stringify(failures)).not.toContain('12345x');

    const late = await challenge(a);
    ctx.clock.advance(5 * 60_000 + 1);
    const expired = await post('/auth/login/second-factor', {
      challenge: late,
      code: totpCode(secret, totpStep(ctx.clock.now())),
    });
    expect(expired.statusCode).toBe(401);
  });

  it('wrong codes count toward lockout', async () => {
    const { a } = await enrolled();
    for (let round = 0; round < 2; round++) {
      const c = await challenge(a);
      for (let i = 0; i < 4; i++) await post('/auth/login/second-factor', { challenge: c, code: '99999x' });
    }
    const row = await ctx.db
      .selectFrom('users')
      .select('locked_until')
      .where('id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(row.locked_until).not.toBeNull();
    expect(
      (await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password })).statusCode,
    ).toBe(401);
  });

  it('step-up by code: a current code confirms once; its replay is refused', async () => {
    const { a, secret } = await enrolled();
    ctx.clock.advance(30_000);
    const signed = await post('/auth/login/second-factor', {
      challenge: await challenge(a),
      code: totpCode(secret, totpStep(ctx.clock.now())),
    });
    const headers = { authorization: `Bearer ${signed.json().token}` };
    ctx.clock.advance(30_000);
    const code = totpCode(secret, totpStep(ctx.clock.now()));
    const ok = await post('/auth/step-up', { purpose: 'second_factor', code }, headers);
    expect(ok.statusCode).toBe(200);
    const replay = await post('/auth/step-up', { purpose: 'role_change', code }, headers);
    expect(replay.statusCode).toBe(403);
    expect(replay.json().code).toBe('auth.step_up_required');
  });

  it('DELETE /users/{id}/second-factor: step-up role_change, 409 on own account, 403 for a non-Owner on an Owner, counts audited', async () => {
    const { a } = await enrolled();
    const admin = await signInAs(ctx, { role: 'admin', tenant: a.tenantSlug });
    const owner = await signInAs(ctx, { role: 'owner', tenant: a.tenantSlug });
    const del = (id: string, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/v1/users/${id}/second-factor`, headers });
    expect((await del(a.userId, admin.headers)).json().code).toBe('auth.step_up_required');
    await stepUp(ctx, admin, 'role_change');
    expect((await del(admin.userId, admin.headers)).statusCode).toBe(409);
    expect((await del(owner.userId, admin.headers)).statusCode).toBe(403);
    expect((await del(a.userId, admin.headers)).statusCode).toBe(204);
    const audit = await ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'user.second_factor_reset')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.metadata)).toMatchObject({ factors_removed: 1, recovery_codes_removed: 10 });
    const direct = await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password });
    expect(direct.json().token).toMatch(/^dlps_/);
  });
});
