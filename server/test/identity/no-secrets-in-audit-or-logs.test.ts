import fs from 'node:fs/promises';
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { sha256Hex } from '../../src/http/tokens.js';
import { signInAs } from '../helpers/sign-in.js';
import { makeTempDir, type TestContext, testClock } from '../helpers/test-app.js';
import { GOOD_PASSWORD } from './identity-app.js';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
});

/** The real app with a logger at trace level writing into memory. */
async function appWithCapturedLogs(): Promise<{ ctx: TestContext; lines: string[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const dataDir = await makeTempDir();
  const config = loadConfig(
    { DLP_DATA_DIR: dataDir, DLP_LISTEN: '127.0.0.1:0', DLP_OPS_LISTEN: '127.0.0.1:0' },
    dataDir,
  );
  const { db } = connectDatabase(config);
  await migrateToLatest(db);
  const clock = testClock();
  const app = await buildApp({ config, db, clock, logger: pino({ level: 'trace' }, stream) });
  await app.ready();
  const made: TestContext = {
    app,
    db,
    clock,
    config,
    dataDir,
    async close() {
      await app.close();
      await db.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return { ctx: made, lines };
}

it('no password, session token, invitation, reset link or their digests reach audit rows or log lines', async () => {
  const captured = await appWithCapturedLogs();
  ctx = captured.ctx;
  const c = captured.ctx;
  const post = (url: string, payload?: InjectOptions['payload'], headers?: Record<string, string>) =>
    c.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      ...(payload !== undefined ? { payload } : {}),
      ...(headers ? { headers } : {}),
    });

  const owner = await signInAs(c, { role: 'owner', email: 'boss@acme.example', password: GOOD_PASSWORD });
  const secrets: string[] = [GOOD_PASSWORD, owner.token];
  const invited = (await post('/users', { email: 'n@acme.example', role: 'viewer' }, owner.headers)).json();
  secrets.push(invited.invitation);
  const memberPassword = 'amber-quilt-orchard-77';
  secrets.push(memberPassword, 'Password12345!', 'wrong-password-typed');
  await post('/auth/accept-invitation', { invitation: invited.invitation, password: 'Password12345!' });
  const accepted = (
    await post('/auth/accept-invitation', { invitation: invited.invitation, password: memberPassword })
  ).json();
  secrets.push(accepted.token);
  await post('/auth/login', {
    tenant: owner.tenantSlug,
    email: 'n@acme.example',
    password: 'wrong-password-typed',
  });
  const logged = (
    await post('/auth/login', { tenant: owner.tenantSlug, email: 'n@acme.example', password: memberPassword })
  ).json();
  secrets.push(logged.token);
  await post('/auth/step-up', { purpose: 'role_change', password: 'wrong-password-typed' }, owner.headers);
  await post('/auth/step-up', { purpose: 'role_change', password: GOOD_PASSWORD }, owner.headers);
  const reset = (await post(`/users/${invited.user_id}/password-reset`, undefined, owner.headers)).json();
  const resetSecret = reset.link.split('#')[1];
  secrets.push(resetSecret);
  await post('/auth/reset-password', { reset: resetSecret, password: 'quartz-lagoon-thistle-31' });
  secrets.push('quartz-lagoon-thistle-31');
  await post('/settings/session', { idle_minutes: 30, reason: 'policy' }, owner.headers);

  const auditRows = JSON.stringify(await c.db.selectFrom('audit_events').selectAll().execute());
  const actions = (await c.db.selectFrom('audit_events').select('action').execute()).map((r) => r.action);
  expect(actions).toEqual(
    expect.arrayContaining([
      'user.invited',
      'user.password_reset_issued',
      'user.password_reset_redeemed',
      'settings.session_idle_changed',
    ]),
  );
  const logs = captured.lines.join('\n');
  expect(logs.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    for (const form of [secret, sha256Hex(secret)]) {
      expect(auditRows).not.toContain(form);
      expect(logs).not.toContain(form);
    }
  }
});
