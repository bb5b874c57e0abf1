import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ApiClient } from './api-client.js';
import { type NodeProcess, spawnNode } from './node-process.js';

/** The `dlp-server` package bin as CI runs it after `tsc -b` (it loads `server/dist/cli.js`). */
export const SERVER_BIN = fileURLToPath(new URL('../../../server/bin/dlp-server.js', import.meta.url));

export interface RunningServer {
  process: NodeProcess;
  /** `https://127.0.0.1:<port>` (no /api/v1). */
  url: string;
  caPath: string;
  caPem: string;
  tenant: string;
  email: string;
  password: string;
  output: () => string;
  /** Signs in as the first-start Owner (`POST /auth/login`) and answers a client with that session. */
  signIn(): Promise<ApiClient>;
  /**
   * Another tenant on the same server, made the operator's way (`dlp-server tenant create` on the
   * same data directory while the server runs), its Owner signed in.
   */
  createTenant(slug: string, ownerEmail: string): Promise<ApiClient>;
  /**
   * A second person (document 1: an approver is never the author): an Admin invited by `owner`
   * (`POST /users`) who accepts the invitation with a fresh password, signed in.
   */
  secondPerson(owner: ApiClient, email?: string): Promise<{ api: ApiClient; password: string }>;
  stop(): Promise<void>;
}

/**
 * Starts `dlp-server start` on loopback with a temporary data directory and kernel-chosen ports,
 * and reads what it prints: API address, TLS CA, and the first-start Owner's sign-in. A data
 * directory that already holds a tenant (a restart, a restored backup) prints no sign-in: pass
 * the Owner's then in `known`.
 */
export async function startServer(
  dataDir: string,
  extraEnv: NodeJS.ProcessEnv = {},
  known?: { tenant: string; email: string; password: string },
): Promise<RunningServer> {
  const own = { DLP_DATA_DIR: dataDir, ...extraEnv };
  // Only the settings given here: a DLP_DATABASE_URL or TLS setting of the calling shell must not
  // point the test server at someone's database or certificate.
  const proc = spawnNode(
    SERVER_BIN,
    ['start'],
    {
      DLP_DATA_DIR: dataDir,
      DLP_LISTEN: '127.0.0.1:0',
      DLP_OPS_LISTEN: '127.0.0.1:0',
      DLP_LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    /^DLP_/,
  );
  const { child } = proc;
  const text = () => {
    const o = proc.output();
    return o.stdout + o.stderr;
  };
  const field = (label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(proc.output().stdout)?.[1];
  const deadline = Date.now() + 60_000;
  // The banner is complete once the one-time password line is out (it follows the API address),
  // or, on a later start, once the data directory line is.
  while (!(field('API:') && field(known ? 'Data:' : 'password:'))) {
    if (child.exitCode !== null) throw new Error(`dlp-server exited ${child.exitCode}: ${text()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`dlp-server did not print its banner: ${text()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = field('API:')!.replace(/\/api\/v1$/, '');
  const caPath = field('TLS CA:')!;
  const caPem = readFileSync(caPath, 'utf8');
  const tenant = known?.tenant ?? field('tenant:')!;
  const email = known?.email ?? field('e-mail:')!;
  const password = known?.password ?? field('password:')!;
  const anonymous = new ApiClient(url, caPem);
  const login = async (body: unknown, path = '/auth/login') =>
    anonymous.as((await anonymous.ok(anonymous.post<{ token: string }>(path, body))).token);
  return {
    process: proc,
    url,
    caPath,
    caPem,
    tenant,
    email,
    password,
    output: text,
    signIn: () => login({ tenant, email, password }),
    async createTenant(slug, ownerEmail) {
      const secret = `Qz${randomBytes(18).toString('base64url')}`;
      const args = [
        'tenant',
        'create',
        '--slug',
        slug,
        '--name',
        `Tenant ${slug}`,
        '--owner-email',
        ownerEmail,
      ];
      const r = await spawnNode(SERVER_BIN, [...args, '--owner-password', secret, '--json'], own, /^DLP_/)
        .done;
      if (r.code !== 0) throw new Error(`dlp-server tenant create exited ${r.code}: ${r.stderr}`);
      return login({ tenant: slug, email: ownerEmail, password: secret });
    },
    async secondPerson(owner, other = 'approver@example.com') {
      const invited = await owner.ok(
        owner.post<{ invitation: string }>('/users', { email: other, role: 'admin' }),
      );
      const secret = `Qz${randomBytes(18).toString('base64url')}`;
      const api = await login(
        { invitation: invited.invitation, password: secret },
        '/auth/accept-invitation',
      );
      return { api, password: secret };
    },
    async stop() {
      // The test's own connections first (every signed-in client shares this pool): the server's
      // stop then has nothing of ours left in flight.
      await anonymous.close();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await proc.done;
      }
    },
  };
}
