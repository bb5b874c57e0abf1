import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { makeTempDir, signInAs, stepUp, testClock } from '../helpers/index.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { ensureTenant } from '../helpers/sign-in.js';

/** The custom-role and single-sign-on SQL on PostgreSQL (counts, upserts, DELETE … RETURNING). */
let pg: TestPostgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

describe('custom roles and sign-in settings on PostgreSQL', { timeout: 120_000 }, () => {
  it('defines, resolves and retires a role; saves a provider and the sign-in mode; consumes state once', async () => {
    const dataDir = await makeTempDir();
    const key = Buffer.alloc(32, 5).toString('base64');
    const config = loadConfig(
      {
        DLP_DATA_DIR: dataDir,
        DLP_DATABASE_URL: pg.url,
        DLP_MASTER_KEY: key,
        DLP_FACTOR_KEY: key,
        DLP_PUBLIC_URL: 'https://console.test',
      },
      dataDir,
    );
    const { db } = connectDatabase(config);
    await migrateToLatest(db);
    const clock = testClock();
    const app = await buildApp({ config, db, clock }, {});
    await app.ready();
    const ctx = { app, db, clock, config, dataDir, close: async () => {} };
    const call = (
      who: { headers: Record<string, string> },
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object,
    ) => app.inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
    try {
      await ensureTenant(ctx, 'pgid');
      const owner = await signInAs(ctx, {
        role: 'owner',
        tenant: 'pgid',
        password: 'violet-harbour-lantern-42',
      });
      await stepUp(ctx, owner, 'role_change');
      const created = await call(owner, 'POST', '/roles', { name: 'Desk', permissions: ['incidents:read'] });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as string;
      expect(
        (await call(owner, 'POST', '/roles', { name: 'DESK', permissions: ['incidents:read'] })).statusCode,
      ).toBe(422);
      const person = await signInAs(ctx, { role: 'custom', tenant: 'pgid', customRoleId: id });
      expect((await call(person, 'GET', '/auth/me')).json().permissions).toEqual(['incidents:read']);
      const edited = await call(owner, 'PUT', `/roles/${id}`, {
        name: 'Desk',
        permissions: ['policies:read'],
        revision: 1,
      });
      expect(edited.json().revision).toBe(2);
      expect((await call(person, 'GET', '/auth/me')).json().permissions).toEqual(['policies:read']);
      const held = await call(owner, 'POST', `/roles/${id}/retire`, { reason: 'tidy up' });
      expect(held.statusCode).toBe(409);
      expect(held.json().message).toContain('1 account');
      expect((await call(owner, 'GET', '/roles')).json().custom[0].member_count).toBe(1);

      await stepUp(ctx, owner, 'sign_in_settings');
      const provider = {
        issuer: 'http://127.0.0.1:9',
        client_id: 'custos',
        client_secret: 'secret-value-for-pg',
        display_name: 'IdP',
        role_mappings: [{ group: 'g', role: 'viewer' }],
        enabled: true,
        reason: 'pg check',
      };
      expect((await call(owner, 'POST', '/settings/oidc', provider)).statusCode).toBe(200);
      const again = await call(owner, 'POST', '/settings/oidc', {
        ...provider,
        client_secret: undefined,
        display_name: 'IdP 2',
      });
      expect(again.json()).toMatchObject({ display_name: 'IdP 2', has_client_secret: true });
      const mode = await call(owner, 'POST', '/settings/sign-in-mode', {
        sso_only: true,
        break_glass: [owner.userId],
        reason: 'pg check',
      });
      expect(mode.statusCode).toBe(200);
      expect((await call(owner, 'GET', '/settings/sign-in-mode')).json().sso_only).toBe(true);
      const cb = await app.inject({ url: '/api/v1/auth/oidc/callback?code=c&state=unknown-state' });
      expect(cb.headers.location).toBe('https://console.test/sign-in?sso_error=sign_in_failed');
      const ex = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/oidc/exchange',
        payload: { handoff: 'nope' },
      });
      expect(ex.statusCode).toBe(401);
    } finally {
      await app.close();
      await db.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
