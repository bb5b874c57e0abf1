import { join } from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { apiModules } from '../../src/modules/index.js';
import { resolveServerTls } from '../../src/tls/server-tls.js';
import { type SignedIn, signInAs } from '../helpers/sign-in.js';
import type { TestClock, TestContext } from '../helpers/test-app.js';
import { PublishedPolicies } from './agent-harness.js';

/** Real time: a real agent stamps its requests with the machine clock (document 2: within ±300 s). */
export const realClock: TestClock = { now: () => new Date(), set: () => undefined, advance: () => undefined };

export interface HttpsServer {
  ctx: TestContext;
  /** The published policies and signing keys the agent modules see (a test stand-in). */
  port: PublishedPolicies;
  owner: SignedIn;
  serverUrl: string;
  /** The server's own local CA, for the agent's `--ca-file`. */
  caFile: string;
}

/**
 * The real server code listening on loopback over HTTPS for a real `dlp-agent` process: a SQLite
 * file under `<work>/server`, migrations, the server's own TLS, every API module with
 * `PublishedPolicies` as the policy port, and a signed-in Owner to make enrolment tokens. In
 * process rather than `dlp-server start`, so the test controls the published policies.
 */
export async function startHttpsServer(work: string): Promise<HttpsServer> {
  const dataDir = join(work, 'server');
  const config = loadConfig(
    { DLP_DATA_DIR: dataDir, DLP_LISTEN: '127.0.0.1:0', DLP_OPS_LISTEN: '127.0.0.1:0' },
    dataDir,
  );
  const { db } = connectDatabase(config);
  await migrateToLatest(db);
  const tls = await resolveServerTls(config, new Date());
  const port = new PublishedPolicies();
  const app = await buildApp(
    { config, db, clock: realClock },
    { modules: apiModules(port), https: { key: tls.key, cert: tls.cert } },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const ctx: TestContext = {
    app,
    db,
    clock: realClock,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
  return {
    ctx,
    port,
    owner: await signInAs(ctx, { role: 'owner' }),
    serverUrl: `https://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    caFile: tls.caPath as string,
  };
}
