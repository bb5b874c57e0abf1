import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import argon2 from 'argon2';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { makeTempDir } from './helpers/index.js';
import { serverBin as bin, serverDir, startServerProcess as start } from './helpers/server-process.js';

/**
 * The real `dlp-server start` process (package bin → dist/cli.js, built by `npm test`'s
 * `tsc -b`): HTTPS verified against the generated CA, operations port, first-start banner.
 * Every client is closed before the server is stopped (shutdown.test.ts covers clients that
 * are not).
 */

let dataDir: string;
beforeAll(async () => {
  if (!fs.existsSync(path.join(serverDir, 'dist', 'cli.js'))) {
    throw new Error('server/dist/cli.js is missing: run `npx tsc -b` (npm test does) before this test');
  }
  dataDir = await makeTempDir('custos-process-');
});
afterAll(async () => {
  await fsp.rm(dataDir, { recursive: true, force: true });
});

// Real processes on a shared two-core machine: generous time, no timing assertion.
describe('dlp-server start (real process)', { timeout: 120_000 }, () => {
  let printedPassword = '';

  it('serves HTTPS verified by the generated CA and /healthz on the operations port; prints first-start details once', async () => {
    const s = await start(dataDir, { firstStart: true });
    const caPath = path.join(dataDir, 'tls', 'ca.pem');
    // The test's own clients: each closed before the server is stopped.
    const api = new Agent({ connect: { ca: await fsp.readFile(caPath, 'utf8') } });
    const untrusted = new Agent();
    const ops = new Agent();
    try {
      const text = s.lines.join('\n');
      expect(text).toContain(`TLS CA:     ${caPath}`);
      expect(text).toContain('tenant:   default');
      expect(text).toContain('e-mail:   owner@example.com');
      printedPassword = /password: (\S+)/.exec(text)?.[1] ?? '';
      expect(printedPassword.length).toBeGreaterThanOrEqual(12);

      const res = await request(`${s.apiUrl}/api/v1/openapi.json`, { dispatcher: api });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toBeTypeOf('string');
      expect(((await res.body.json()) as { openapi: string }).openapi).toBe('3.1.0');
      const anon = await request(`${s.apiUrl}/api/v1/no-such-route`, { dispatcher: api });
      expect(anon.statusCode).toBe(404);
      await anon.body.dump();

      // Without the CA the certificate is not trusted.
      await expect(request(`${s.apiUrl}/api/v1/openapi.json`, { dispatcher: untrusted })).rejects.toThrow();

      const health = await request(`${s.opsUrl}/healthz`, { dispatcher: ops });
      expect(health.statusCode).toBe(200);
      expect(await health.body.json()).toEqual({ status: 'ok' });
      const ready = await request(`${s.opsUrl}/readyz`, { dispatcher: ops });
      expect(ready.statusCode).toBe(200);
      await ready.body.dump();
      const metrics = await request(`${s.opsUrl}/metrics`, { dispatcher: ops });
      const body = await metrics.body.text();
      expect(body).toContain('http_requests_total{method="GET",route="/api/v1/openapi.json",status="200"} 1');
      expect(body).toContain('http_request_duration_seconds_bucket');
      expect(body).not.toContain('owner@example.com');
    } finally {
      await Promise.all([api.close(), untrusted.close(), ops.close()]);
      expect((await s.stop()).code).toBe(0);
    }

    const { db } = connectDatabase({ dataDir, databaseUrl: null });
    try {
      const owner = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'owner@example.com')
        .executeTakeFirstOrThrow();
      expect(owner.role).toBe('owner');
      expect(await argon2.verify(owner.password_hash!, printedPassword)).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('prints nothing secret on the second start and keeps the same CA', async () => {
    const caBefore = await fsp.readFile(path.join(dataDir, 'tls', 'ca.pem'), 'utf8');
    const s = await start(dataDir);
    expect((await s.stop()).code).toBe(0);
    // Everything it printed, to the end of its output.
    const text = s.lines.join('\n');
    expect(text).toContain('Data:');
    expect(text).not.toContain('password');
    expect(text).not.toContain(printedPassword);
    expect(text).not.toContain('First start');
    expect(await fsp.readFile(path.join(dataDir, 'tls', 'ca.pem'), 'utf8')).toBe(caBefore);
  });

  it('refuses to start on an invalid setting, naming it, with exit 2', async () => {
    const child = spawn(process.execPath, [bin, 'start'], {
      env: { PATH: process.env.PATH ?? '', DLP_DATA_DIR: dataDir, DLP_AGENT_RATE_PER_MINUTE: '0' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr.trim()).toBe('dlp-server: DLP_AGENT_RATE_PER_MINUTE: must be between 1 and 100000');
  });
});
