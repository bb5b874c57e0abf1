import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throw-away PostgreSQL cluster on loopback for dialect tests (Debian's postgresql package,
 * installed by .ci/run). initdb refuses to run as root, so as root the cluster belongs to the
 * `postgres` account. Trust authentication on 127.0.0.1 only; fsync off: test data is disposable.
 */
export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(bin: string, args: string[], asPostgres: boolean): void {
  const [cmd, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv as string[], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

/**
 * Test data is disposable: no fsync, no full-page writes, no waiting for the WAL on commit, a
 * small shared buffer pool (a test database holds kilobytes), and room for the connections of two
 * test files with several apps open each.
 */
const SMALL_AND_UNSAFE = [
  '-c fsync=off',
  '-c full_page_writes=off',
  '-c synchronous_commit=off',
  '-c shared_buffers=32MB',
  '-c max_connections=200',
].join(' ');

/** The server-pg pass's migrated template database (postgres-global-setup.ts). */
export const TEMPLATE_DATABASE = 'custos_template';

/** `url` with its database name replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  return url.replace(/\/[^/]*$/, `/${name}`);
}

/** A new cluster of its own (initdb + start); the server-pg pass shares one (postgres.ts). */
export async function startPostgresCluster(): Promise<TestPostgres> {
  const bindir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  const asPostgres = process.getuid?.() === 0;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custos-pg-'));
  if (asPostgres) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  run(
    path.join(bindir, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    asPostgres,
  );
  const port = await freePort();
  run(
    path.join(bindir, 'pg_ctl'),
    [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} ${SMALL_AND_UNSAFE}`,
      '-w',
      'start',
    ],
    asPostgres,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      run(path.join(bindir, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], asPostgres);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
