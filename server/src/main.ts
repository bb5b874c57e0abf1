import type { AddressInfo } from 'node:net';
import { isIP } from 'node:net';
import { sql } from 'kysely';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.js';
import { ensureFirstTenant, type FirstStart } from './bootstrap.js';
import { type Clock, systemClock } from './clock.js';
import { type Config, derivedPublicUrl } from './config.js';
import { loadServerKeys } from './crypto/server-keys.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { trackConnections } from './http/connections.js';
import { DEFAULT_CONSOLE_DIR, loadConsoleAssets } from './http/console-assets.js';
import { createMetrics } from './http/metrics.js';
import { buildOpsApp } from './ops.js';
import { shutDown } from './shutdown.js';
import { resolveServerTls } from './tls/server-tls.js';
import { SERVER_VERSION } from './version.js';

export interface StartOptions {
  config: Config;
  /** Where the start banner goes (plain lines for people; logs are JSON on stdout). */
  print?: (line: string) => void;
  clock?: Clock;
  logger?: Logger;
}

export interface RunningServer {
  apiUrl: string;
  opsUrl: string;
  caPath: string | null;
  firstStart: FirstStart | undefined;
  /**
   * Stops within DLP_SHUTDOWN_GRACE_SECONDS (docs/architecture.md, Shutdown); `reason` (the
   * signal) goes into the log line.
   */
  close(reason?: string): Promise<void>;
}

function urlOf(scheme: string, address: AddressInfo): string {
  const host = isIP(address.address) === 6 ? `[${address.address}]` : address.address;
  return `${scheme}://${host}:${address.port}`;
}

/** Process entry: configuration → database → migrations → first start → TLS → listeners. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? pino({ level: config.logLevel, base: { service: 'dlp-server' } });

  // Before the database opens: a missing shared key is a configuration error (exit 2).
  const keys = loadServerKeys(config);
  const { db } = connectDatabase(config);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    const firstStart = await ensureFirstTenant(db, clock, config);
    const tls = await resolveServerTls(config, clock.now());
    if (tls.created !== 'none') logger.info({ created: tls.created }, 'local TLS material generated');

    const metrics = createMetrics({ defaultMetrics: true });
    // The API's own copy: its public URL takes the bound port below.
    const serving: Config = { ...config };
    const consoleAssets = loadConsoleAssets(DEFAULT_CONSOLE_DIR);
    // A server built without the console still serves the API (server-only tests, operators).
    if (!consoleAssets.built)
      logger.warn({ dir: consoleAssets.dir }, 'console not built: run npm run build to serve it');
    const app = await buildApp(
      { config: serving, db, clock, logger, metrics, keys },
      { https: { key: tls.key, cert: tls.cert }, console: consoleAssets },
    );
    const apiDrain = trackConnections(app.server);
    await app.listen({ host: config.listen.host, port: config.listen.port });
    const bound = app.server.address() as AddressInfo;
    // Links in invitations and resets name the port that was bound (DLP_LISTEN=…:0 asks the
    // kernel for one) unless DLP_PUBLIC_URL names the address; no request is served before this.
    if (!config.publicUrlConfigured)
      serving.publicUrl = derivedPublicUrl({ ...config.listen, port: bound.port });
    const ops = await buildOpsApp({ db, metrics });
    const opsDrain = trackConnections(ops.server);
    try {
      await ops.listen({ host: config.opsListen.host, port: config.opsListen.port });
    } catch (error) {
      await app.close();
      throw error;
    }

    const apiUrl = urlOf('https', bound);
    const opsUrl = urlOf('http', ops.server.address() as AddressInfo);
    print(`Custos DLP server ${SERVER_VERSION}`);
    print(`  Console:    ${apiUrl}/${consoleAssets.built ? '' : ' (not built: run npm run build)'}`);
    print(`  API:        ${apiUrl}/api/v1`);
    print(`  Operations: ${opsUrl} (/healthz, /readyz, /metrics)`);
    if (tls.caPath) print(`  TLS CA:     ${tls.caPath}`);
    print(`  Data:       ${config.dataDir}`);
    if (firstStart) {
      print('');
      print(`First start: created tenant "${firstStart.tenantSlug}" with one Owner. Sign in with:`);
      print(`  address:  ${apiUrl}/api/v1/auth/login`);
      print(`  tenant:   ${firstStart.tenantSlug}`);
      print(`  e-mail:   ${firstStart.ownerEmail}`);
      print(`  password: ${firstStart.password}`);
      if (tls.caPath) print(`  trust:    ${tls.caPath}`);
      print('This password is shown only now; it is not stored anywhere readable.');
    }

    let closing: Promise<void> | null = null;
    return {
      apiUrl,
      opsUrl,
      caPath: tls.caPath,
      firstStart,
      close(reason?: string) {
        closing ??= shutDown({
          listeners: [
            { close: () => app.close(), drain: apiDrain },
            { close: () => ops.close(), drain: opsDrain },
          ],
          graceMs: config.shutdownGraceSeconds * 1000,
          // Queued behind any transaction still holding the connection: resolves once it ended.
          settleBackground: () => sql`select 1`.execute(db),
          closeStores: () => db.destroy(),
          logger,
          reason,
        });
        return closing;
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
