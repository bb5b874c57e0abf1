import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { makeTempDir, type TestContext, testClock } from '../helpers/index.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { groupBody, patchOp, scim, scimTenant, userBody } from './scim-app.js';

/** The SCIM store on PostgreSQL: partial unique indexes, the lower() group filter, counts. */
let pg: TestPostgres;
let ctx: TestContext;
beforeAll(async () => {
  pg = await startPostgres();
  const dataDir = await makeTempDir();
  const key = Buffer.alloc(32, 5).toString('base64');
  const config = loadConfig(
    { DLP_DATA_DIR: dataDir, DLP_DATABASE_URL: pg.url, DLP_MASTER_KEY: key, DLP_FACTOR_KEY: key },
    dataDir,
  );
  const { db } = connectDatabase(config);
  await migrateToLatest(db);
  const clock = testClock('2026-03-02T10:00:00.000Z');
  const app = await buildApp({ config, db, clock });
  await app.ready();
  ctx = {
    app,
    db,
    clock,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pg?.stop();
});

describe('SCIM on PostgreSQL', { timeout: 120_000 }, () => {
  it('provisions, maps a role by group, filters, pages, refuses a taken userName and frees it on DELETE', async () => {
    const s = await scimTenant(ctx);
    const created = await scim(s, 'POST', '/Users', userBody('Ana@example.com', 'ana@example.com'));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const taken = await scim(s, 'POST', '/Users', userBody('ana@EXAMPLE.com', 'other@example.com'));
    expect(taken.json()).toMatchObject({ status: '409', scimType: 'uniqueness' });
    const group = await scim(s, 'POST', '/Groups', groupBody('Security Analysts', [id]));
    expect(group.statusCode).toBe(201);
    const account = await ctx.db
      .selectFrom('users')
      .select(['role', 'status'])
      .where('email', '=', 'ana@example.com')
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ role: 'security_analyst', status: 'active' });
    const found = await scim(s, 'GET', '/Groups?filter=displayName%20eq%20%22security%20analysts%22');
    expect(found.json()).toMatchObject({ totalResults: 1, itemsPerPage: 1 });
    expect((await scim(s, 'GET', '/Users?count=0')).json()).toMatchObject({ totalResults: 1, Resources: [] });
    await scim(s, 'PATCH', `/Groups/${group.json().id}`, patchOp({ op: 'remove', path: 'members' }));
    expect((await scim(s, 'DELETE', `/Users/${id}`)).statusCode).toBe(204);
    const again = await scim(s, 'POST', '/Users', userBody('ana@example.com', 'ana@example.com'));
    expect(again.statusCode).toBe(201);
    const tokens = await ctx.app.inject({ url: '/api/v1/settings/scim-tokens', headers: s.owner.headers });
    expect(tokens.json().provisioned_accounts).toBe(1);
  });
});
