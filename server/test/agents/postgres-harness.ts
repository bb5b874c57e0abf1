import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { apiModules } from '../../src/modules/index.js';
import { makeTempDir, signInAs, testClock } from '../helpers/index.js';
import type { TestPostgres } from '../helpers/postgres.js';
import { type AgentHarness, PublishedPolicies } from './agent-harness.js';

/** The agent harness on a real PostgreSQL (a fresh database migrated to the latest schema). */
export async function startPostgresHarness(
  pg: TestPostgres,
  env: Record<string, string> = {},
  now = '2026-01-20T09:00:00.000Z',
): Promise<AgentHarness> {
  const dataDir = await makeTempDir();
  const key = Buffer.alloc(32, 7).toString('base64');
  const config = loadConfig(
    { ...env, DLP_DATA_DIR: dataDir, DLP_DATABASE_URL: pg.url, DLP_MASTER_KEY: key, DLP_FACTOR_KEY: key },
    dataDir,
  );
  const { db } = connectDatabase(config);
  await migrateToLatest(db);
  const clock = testClock(now);
  const port = new PublishedPolicies();
  const app = await buildApp({ config, db, clock }, { modules: apiModules(port) });
  await app.ready();
  const ctx = {
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
  return { ctx, port, owner: await signInAs(ctx, { role: 'owner' }), close: ctx.close };
}
