import type { AddressInfo } from 'node:net';
import { isIP } from 'node:net';
import pino, { type Logger } from 'pino';
import { buildApp } from './app.js';
import { ensureFirstTenant, type FirstStart } from './bootstrap.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { loadServerKeys } from './crypto/server-keys.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { createMetrics } from './http/metrics.js';
import { buildOpsApp } from './ops.js';
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
  close(): Promise<void>;
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
    const app = await buildApp(
      { config, db, clock, logger, metrics, keys },
      { https: { key: tls.key, cert: tls.cert } },
    );
    await app.listen({ host: config.listen.host, port: config.listen.port });
    const ops = await buildOpsApp({ db, metrics });
    try {
      await ops.listen({ host: config.opsListen.host, port: config.opsListen.port });
    } catch (error) {
      await app.close();
      throw error;
    }

    const apiUrl = urlOf('https', app.server.address() as AddressInfo);
    const opsUrl = urlOf('http', ops.server.address() as AddressInfo);
    print(`Custos DLP server ${SERVER_VERSION}`);
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

    let closed = false;
    return {
      apiUrl,
      opsUrl,
      caPath: tls.caPath,
      firstStart,
      async close() {
        if (closed) return;
        closed = true;
        await Promise.allSettled([app.close(), ops.close()]);
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
