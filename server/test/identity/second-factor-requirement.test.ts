import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { totpCode, totpStep } from '../../src/modules/identity/totp.js';
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

const DAY = 86_400_000;

function post(url: string, payload?: InjectOptions['payload'], headers?: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });
}

it('with the requirement on, an unenrolled account signs in until since + grace_days, then must enrol first', async () => {
  const owner = await signInAs(ctx, { role: 'owner' });
  const body = { required: true, grace_days: 3, reason: 'policy' };
  expect((await post('/settings/second-factor', body, owner.headers)).json().code).toBe(
    'auth.step_up_required',
  );
  await stepUp(ctx, owner, 'sign_in_settings');
  expect((await post('/settings/second-factor', { ...body, grace_days: 91 }, owner.headers)).statusCode).toBe(
    422,
  );
  const set = await post('/settings/second-factor', body, owner.headers);
  expect(set.statusCode).toBe(200);
  const dueBy = new Date(ctx.clock.now().getTime() + 3 * DAY).toISOString();
  expect(set.json()).toEqual({
    required: true,
    since: ctx.clock.now().toISOString(),
    grace_days: 3,
    due_by: dueBy,
  });
  const audit = await ctx.db
    .selectFrom('audit_events')
    .select('metadata')
    .where('action', '=', 'settings.second_factor_changed')
    .executeTakeFirstOrThrow();
  expect(JSON.parse(audit.metadata).after).toEqual({ required: true, grace_days: 3 });

  const a = await createAccount(ctx, { tenant: owner.tenantSlug });
  const within = await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password });
  expect(within.json().token).toMatch(/^dlps_/);
  expect(within.json().second_factor_due_by).toBe(dueBy);

  ctx.clock.advance(3 * DAY);
  const after = await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password });
  expect(after.json()).toMatchObject({ next: 'enrol' });
  expect(after.json().token).toBeUndefined();
  const challenge = after.json().challenge;
  // A second-factor challenge route does not take an enrol challenge.
  expect((await post('/auth/login/second-factor', { challenge, code: '123456' })).statusCode).toBe(401);
  const enrol = await post('/auth/login/enrol', { challenge });
  expect(enrol.statusCode).toBe(200);
  const { secret } = enrol.json();
  const done = await post('/auth/login/enrol/confirm', {
    challenge,
    code: totpCode(secret, totpStep(ctx.clock.now())),
  });
  expect(done.statusCode).toBe(200);
  expect(done.json().token).toMatch(/^dlps_/);
  expect(done.json().recovery_codes).toHaveLength(10);
  expect(
    (
      await post('/auth/login/enrol/confirm', {
        challenge,
        code: totpCode(secret, totpStep(ctx.clock.now())),
      })
    ).statusCode,
  ).toBe(401);
  // From now on sign-in asks for the code.
  const next = await login(ctx, { tenant: a.tenantSlug, email: a.email, password: a.password });
  expect(next.json().next).toBe('second_factor');
});
