import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import argon2 from 'argon2';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { makeTempDir } from './helpers/index.js';

/**
 * The real `dlp-server start` process (package bin → dist/cli.js, built by `npm test`'s
 * `tsc -b`): HTTPS verified against the generated CA, operations port, first-start banner.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(serverDir, 'bin', 'dlp-server.js');

interface Started {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  apiUrl: string;
  opsUrl: string;
}

function start(dataDir: string, extraEnv: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [bin, 'start'], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      DLP_DATA_DIR: dataDir,
      DLP_LISTEN: '127.0.0.1:0',
      DLP_OPS_LISTEN: '127.0.0.1:0',
      DLP_LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  });
  const lines: string[] = [];
  let buffered = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start: stdout ${JSON.stringify(lines)} stderr ${stderr}`));
    }, 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
    child.stdout.on('data', (d: Buffer) => {
      buffered += d.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      lines.push(...parts);
      // The banner ends with the Data line, or the first-start block's closing sentence.
      const done =
        lines.some((l) => l.startsWith('This password is shown only now')) ||
        (lines.some((l) => l.includes('Data:')) &&
          !lines.some((l) => l.startsWith('First start')) &&
          buffered === '');
      const api = lines.find((l) => l.includes('API:'));
      const ops = lines.find((l) => l.includes('Operations:'));
      if (done && api && ops) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({
          child,
          lines,
          apiUrl: api
            .split('API:')[1]!
            .trim()
            .replace(/\/api\/v1$/, ''),
          opsUrl: ops.split('Operations:')[1]!.trim().split(' ')[0]!,
        });
      }
    });
  });
}

/** SIGTERM and the exit code; a process still alive after 20 s is killed and answers -1. */
function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(-1);
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

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
    const s = await start(dataDir);
    try {
      const text = s.lines.join('\n');
      const caPath = path.join(dataDir, 'tls', 'ca.pem');
      expect(text).toContain(`TLS CA:     ${caPath}`);
      expect(text).toContain('tenant:   default');
      expect(text).toContain('e-mail:   owner@example.com');
      printedPassword = /password: (\S+)/.exec(text)?.[1] ?? '';
      expect(printedPassword.length).toBeGreaterThanOrEqual(12);

      const dispatcher = new Agent({ connect: { ca: await fsp.readFile(caPath, 'utf8') } });
      try {
        const res = await request(`${s.apiUrl}/api/v1/openapi.json`, { dispatcher });
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-request-id']).toBeTypeOf('string');
        expect(((await res.body.json()) as { openapi: string }).openapi).toBe('3.1.0');
        const anon = await request(`${s.apiUrl}/api/v1/no-such-route`, { dispatcher });
        expect(anon.statusCode).toBe(404);
        await anon.body.dump();
      } finally {
        await dispatcher.close();
      }

      // Without the CA the certificate is not trusted.
      await expect(request(`${s.apiUrl}/api/v1/openapi.json`)).rejects.toThrow();

      const health = await request(`${s.opsUrl}/healthz`);
      expect(health.statusCode).toBe(200);
      expect(await health.body.json()).toEqual({ status: 'ok' });
      const ready = await request(`${s.opsUrl}/readyz`);
      expect(ready.statusCode).toBe(200);
      await ready.body.dump();
      const metrics = await request(`${s.opsUrl}/metrics`);
      const body = await metrics.body.text();
      expect(body).toContain('http_requests_total{method="GET",route="/api/v1/openapi.json",status="200"} 1');
      expect(body).toContain('http_request_duration_seconds_bucket');
      expect(body).not.toContain('owner@example.com');
    } finally {
      expect(await stop(s.child)).toBe(0);
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
    try {
      const text = s.lines.join('\n');
      expect(text).not.toContain('password');
      expect(text).not.toContain(printedPassword);
      expect(text).not.toContain('First start');
    } finally {
      expect(await stop(s.child)).toBe(0);
    }
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
