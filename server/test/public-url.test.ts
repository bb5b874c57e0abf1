import fsp from 'node:fs/promises';
import pino from 'pino';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/main.js';
import { makeTempDir } from './helpers/index.js';

/**
 * Issue 14, item 13: links in invitations are built on the address the server bound. With
 * DLP_LISTEN=…:0 the kernel picks the port; a link naming port 0 reaches nobody.
 */
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs.splice(0)) await fsp.rm(d, { recursive: true, force: true });
});

async function serve(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = await makeTempDir('custos-public-url-');
  dirs.push(dataDir);
  const config = loadConfig({
    DLP_DATA_DIR: dataDir,
    DLP_LISTEN: '127.0.0.1:0',
    DLP_OPS_LISTEN: '127.0.0.1:0',
    ...env,
  });
  return startServer({ config, print: () => {}, logger: pino({ level: 'silent' }) });
}

/** Signs in as the first-start Owner, invites an Admin and reissues the invitation: answers its link. */
async function inviteLink(server: RunningServer): Promise<string> {
  const dispatcher = new Agent({ connect: { ca: await fsp.readFile(server.caPath!, 'utf8') } });
  try {
    const call = async (path: string, body: unknown, token?: string) => {
      const res = await request(`${server.apiUrl}/api/v1${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
        dispatcher,
      });
      const answer = (await res.body.json()) as Record<string, string>;
      expect(res.statusCode, JSON.stringify(answer)).toBe(path === '/users' ? 201 : 200);
      return answer;
    };
    const first = server.firstStart!;
    const { token } = await call('/auth/login', {
      tenant: first.tenantSlug,
      email: first.ownerEmail,
      password: first.password,
    });
    const invited = await call('/users', { email: 'admin@example.com', role: 'admin' }, token);
    await call('/auth/step-up', { purpose: 'role_change', password: first.password }, token);
    return (await call(`/users/${invited.user_id}/reinvite`, {}, token)).link!;
  } finally {
    await dispatcher.close();
  }
}

describe('invitation links name the bound address', { timeout: 60_000 }, () => {
  let servers: RunningServer[] = [];
  beforeAll(() => {
    servers = [];
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('DLP_LISTEN port 0 without DLP_PUBLIC_URL: the link carries the port the kernel chose', async () => {
    const server = await serve({});
    servers.push(server);
    const port = new URL(server.apiUrl).port;
    expect(port).not.toBe('0');
    const link = await inviteLink(server);
    expect(link).toMatch(new RegExp(`^https://127\\.0\\.0\\.1:${port}/accept-invitation#dlpi_`));
  });

  it('DLP_PUBLIC_URL set: the link is built on it', async () => {
    const server = await serve({ DLP_PUBLIC_URL: 'https://dlp.example.com/' });
    servers.push(server);
    const link = await inviteLink(server);
    expect(link).toMatch(/^https:\/\/dlp\.example\.com\/accept-invitation#dlpi_/);
  });
});
