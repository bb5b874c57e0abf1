import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { makeTempDir, type SignedIn, signInAs, type TestContext, testClock } from '../helpers/index.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

/**
 * Saved views and teams on PostgreSQL, where requests run in parallel transactions: the checks
 * before a write can pass for two requests at once, and the unique indexes decide. Whatever the
 * interleaving, exactly one wins and the others answer 409 — never a 500.
 */
let pg: TestPostgres;
let ctx: TestContext;
let owner: SignedIn;
beforeAll(async () => {
  pg = await startPostgres();
  const dataDir = await makeTempDir();
  const key = Buffer.alloc(32, 7).toString('base64');
  const config = loadConfig(
    { DLP_DATA_DIR: dataDir, DLP_DATABASE_URL: pg.url, DLP_MASTER_KEY: key, DLP_FACTOR_KEY: key },
    dataDir,
  );
  const { db } = connectDatabase(config);
  await migrateToLatest(db);
  const clock = testClock('2026-01-20T09:00:00.000Z');
  const app = await buildApp({ config, db, clock }, {});
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
  owner = await signInAs(ctx, { role: 'owner' });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pg?.stop();
});

const call = (method: 'POST' | 'GET', url: string, body?: object) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: owner.headers,
    ...(body ? { payload: body } : {}),
  });

describe('saved views and teams on PostgreSQL', { timeout: 120_000 }, () => {
  it('concurrent creates of one team name: one 201, the rest 409 team.name_taken', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call('POST', '/teams', { name: i % 2 ? 'Payments' : 'PAYMENTS' })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().code).toBe('team.name_taken');
    expect(await ctx.db.selectFrom('teams').selectAll().execute()).toHaveLength(1);
  });

  it('concurrent defaults in one scope leave exactly one default; losers answer 409, never 500', async () => {
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F']) {
      const r = await call('POST', '/saved-views', {
        surface: 'incidents',
        name,
        state: { filters: [] },
        visibility: 'organisation',
      });
      expect(r.statusCode).toBe(201);
      ids.push(r.json().id);
    }
    const answers = await Promise.all(
      ids.map((id) => call('POST', `/saved-views/${id}/default`, { default: true })),
    );
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const defaults = await ctx.db
      .selectFrom('saved_views')
      .select('id')
      .where('default_scope', '=', 'organisation')
      .execute();
    expect(defaults).toHaveLength(1);
    const listed = (await call('GET', '/saved-views?surface=incidents')).json().items;
    expect(listed[0]).toMatchObject({ id: defaults[0]!.id, opens_in: true, is_default: true });
  });
});
