import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentTransport } from '../src/transport/client.js';
import { HttpError, RateLimitedError, UnreachableError } from '../src/transport/errors.js';
import { DownloadRefused, downloadSigned } from '../src/update/download.js';
import { softwareDeviceKey } from './helpers/software-device-key.js';
import { makeServerTls } from './helpers/tls.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

const key = softwareDeviceKey();

/** A real HTTPS server answering the package route with `answer`; the transport trusting its CA. */
async function serve(answer: (res: import('node:http').ServerResponse) => void) {
  const tls = await makeServerTls();
  const seen: Record<string, string | string[] | undefined>[] = [];
  const server: Server = createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
    seen.push(req.headers);
    answer(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const transport = new AgentTransport({
    baseUrl: `https://127.0.0.1:${port}`,
    caPem: tls.caPem,
    timeoutMs: 5_000,
  });
  const dir = mkdtempSync(join(tmpdir(), 'dlp-download-'));
  closers.push(async () => {
    await transport.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });
  const dest = join(dir, 'update', 'r.package');
  const get = (max = 1_000) =>
    downloadSigned(transport, { key, deviceId: 'd-1' }, '/api/v1/agent/update-packages/r', dest, max);
  return { get, dest, seen };
}

describe('package download (signed, streamed, bounded)', () => {
  it('streams the body to the file with its SHA-256, signing the GET like every agent route', async () => {
    const { get, dest, seen } = await serve((res) => res.end('package bytes'));
    const got = await get();
    expect(got).toEqual({ size: 13, sha256: createHash('sha256').update('package bytes').digest('hex') });
    expect(readFileSync(dest, 'utf8')).toBe('package bytes');
    expect(seen[0]?.['x-dlp-device-id']).toBe('d-1');
    expect(typeof seen[0]?.['x-dlp-signature']).toBe('string');
  });

  it('stops at the announced size and leaves no partial file', async () => {
    const { get, dest } = await serve((res) => res.end(Buffer.alloc(5_000, 1)));
    await expect(get(1_000)).rejects.toBeInstanceOf(DownloadRefused);
    expect(existsSync(dest)).toBe(false);
  });

  it('a refusal, a rate limit and a connection cut are told apart (only a refusal is the release’s fault)', async () => {
    const refused = await serve((res) => {
      res.statusCode = 404;
      res.end('{}');
    });
    await expect(refused.get()).rejects.toBeInstanceOf(HttpError);
    const limited = await serve((res) => {
      res.statusCode = 429;
      res.setHeader('retry-after', '7');
      res.end('{}');
    });
    const err = await limited.get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBe(7_000);
    const cut = await serve((res) => {
      res.writeHead(200, { 'content-length': '500' });
      res.write(Buffer.alloc(100, 1));
      setImmediate(() => res.socket?.destroy());
    });
    await expect(cut.get()).rejects.toBeInstanceOf(UnreachableError);
    expect(existsSync(cut.dest)).toBe(false);
  });
});
