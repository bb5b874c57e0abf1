import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { dialectOf } from '../src/db/dialect.js';
import { migrateToLatest, pendingMigrations } from '../src/db/migrate.js';
import { AuditWriter } from '../src/http/audit.js';
import { createTenant } from '../src/modules/identity/public.js';
import { countTenants } from '../src/modules/tenants/store.js';
import { makeTempDir, signInAs, stepUp, testClock } from './helpers/index.js';
import { startPostgres, type TestPostgres } from './helpers/postgres.js';
import { probeModule } from './helpers/probe-module.js';

/** The foundation's SQL on PostgreSQL: migrations, tenants, sessions, step-ups, audit. */
let pg: TestPostgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

describe('PostgreSQL dialect', { timeout: 120_000 }, () => {
  it('migrates idempotently and runs the auth core through the app', async () => {
    const dataDir = await makeTempDir();
    const key = Buffer.alloc(32, 3).toString('base64');
    const config = loadConfig(
      { DLP_DATA_DIR: dataDir, DLP_DATABASE_URL: pg.url, DLP_MASTER_KEY: key, DLP_FACTOR_KEY: key },
      dataDir,
    );
    const first = connectDatabase(config);
    expect(first.dialect).toBe('postgres');
    expect(dialectOf(first.db)).toBe('postgres');
    expect((await migrateToLatest(first.db)).length).toBeGreaterThanOrEqual(4);
    await first.db.destroy();

    const { db } = connectDatabase(config);
    try {
      expect(await migrateToLatest(db)).toEqual([]);
      expect(await pendingMigrations(db)).toEqual([]);
      const clock = testClock();
      const audit = new AuditWriter(db, clock);
      await createTenant({ db, clock, audit }, { slug: 'pg', name: 'PG', ownerEmail: 'o@pg.example' });
      await expect(
        createTenant({ db, clock, audit }, { slug: 'pg', name: 'PG', ownerEmail: 'o@pg.example' }),
      ).rejects.toMatchObject({ code: 'tenant.slug_taken' });
      expect(await countTenants(db)).toBe(1);

      const app = await buildApp({ config, db, clock }, { extraModules: [probeModule] });
      await app.ready();
      const ctx = { app, db, clock, config, dataDir, close: async () => {} };
      try {
        const owner = await signInAs(ctx, { role: 'owner', tenant: 'pg' });
        const who = await app.inject({ method: 'GET', url: '/api/v1/probe/whoami', headers: owner.headers });
        expect(who.json().user_id).toBe(owner.userId);
        expect(
          (await app.inject({ method: 'POST', url: '/api/v1/probe/role-change', headers: owner.headers }))
            .statusCode,
        ).toBe(403);
        await stepUp(ctx, owner, 'role_change');
        expect(
          (await app.inject({ method: 'POST', url: '/api/v1/probe/role-change', headers: owner.headers }))
            .statusCode,
        ).toBe(204);
        const audited = await app.inject({
          method: 'POST',
          url: '/api/v1/probe/audited',
          headers: owner.headers,
        });
        const row = await db
          .selectFrom('audit_events')
          .select('metadata')
          .where('id', '=', audited.json().audit_id)
          .executeTakeFirstOrThrow();
        expect(JSON.parse(row.metadata).request_id).toBe(audited.headers['x-request-id']);
      } finally {
        await app.close();
      }
    } finally {
      await db.destroy();
    }
  });
});
