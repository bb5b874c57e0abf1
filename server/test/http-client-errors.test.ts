import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { clientErrorResponse } from '../src/http/client-errors.js';
import { createMetrics } from '../src/http/metrics.js';
import { buildOpsApp } from '../src/ops.js';
import { ensureLocalTls } from '../src/tls/local-ca.js';
import { createTestApp, type TestContext } from './helpers/index.js';

/**
 * Issue 14: what the HTTP layer answers before any handler (Node's parser, Fastify's defaults)
 * has the one error shape. Real HTTPS listener, raw TLS sockets writing bytes no client library
 * would send.
 */
let ctx: TestContext;
let app: Awaited<ReturnType<typeof buildApp>>;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const material = await ensureLocalTls(ctx.dataDir, [], new Date());
  app = await buildApp(
    { config: ctx.config, db: ctx.db, clock: ctx.clock },
    { https: { key: material.key, cert: material.cert } },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `bytes` on a fresh TLS (or, for the operations port, TCP) connection and reads one answer. */
function raw(bytes: string | Buffer, plainPort?: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const send = () => socket.write(bytes, () => undefined);
    const socket =
      plainPort === undefined
        ? tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, send)
        : net.connect({ host: '127.0.0.1', port: plainPort }, send);
    let buf = Buffer.alloc(0);
    const done = () => {
      const text = buf.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return false;
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const c = l.indexOf(':');
        headers[l.slice(0, c).trim().toLowerCase()] = l.slice(c + 1).trim();
      }
      const body = text.slice(split + 4);
      const length = Number(headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(length) && Buffer.byteLength(body) < length) return false;
      socket.destroy();
      resolve({ status: Number(statusLine?.split(' ')[1]), headers, body });
      return true;
    };
    socket.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      done();
    });
    socket.on('end', () => {
      if (!done()) reject(new Error(`incomplete answer: ${buf.toString('utf8').slice(0, 200)}`));
    });
    socket.on('error', (e) => {
      if (!done()) reject(e);
    });
  });
}

function expectShape(a: RawAnswer, status: number, code: string) {
  expect(a.status).toBe(status);
  expect(a.headers['content-type']).toMatch(/^application\/json/);
  expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(a.headers['cache-control']).toBe('no-store');
  const body = JSON.parse(a.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'message']);
  expect(body.code).toBe(code);
  expect(body.details).toEqual([]);
  expect(typeof body.message).toBe('string');
}

const get = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;

describe('errors answered before a handler', () => {
  it('oversized headers answer 431 request.header_too_large', async () => {
    const a = await raw(get('/api/v1/auth/me', `X-Big: ${'a'.repeat(20 * 1024)}\r\n`));
    expectShape(a, 431, 'request.header_too_large');
    expect(a.headers.connection).toBe('close');
  });

  it('a request line that does not parse answers 400 request.malformed', async () => {
    expectShape(await raw('NOT A REQUEST\r\n\r\n'), 400, 'request.malformed');
  });

  it('a header name that does not parse answers 400 request.malformed', async () => {
    expectShape(await raw(get('/api/v1/auth/me', 'Bad Header: x\r\n')), 400, 'request.malformed');
  });

  it('Content-Length together with Transfer-Encoding answers 400 request.malformed', async () => {
    const a = await raw(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    );
    expectShape(a, 400, 'request.malformed');
  });

  it('an unknown route answers 404 route.not_found', async () => {
    expectShape(await raw(get('/nope')), 404, 'route.not_found');
    expectShape(await raw(get('/api/v1/nope')), 404, 'route.not_found');
  });

  it('a body over the limit answers 413 request.too_large', async () => {
    const body = `{"email":"${'a'.repeat(1024 * 1024 + 10)}"}`;
    const a = await raw(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expectShape(a, 413, 'request.too_large');
  });

  it('a content type the route does not read answers 400 request.malformed', async () => {
    const a = await raw(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n' +
        'Content-Length: 2\r\nConnection: close\r\n\r\nhi',
    );
    expectShape(a, 400, 'request.malformed');
  });
});

describe('the raw answer', () => {
  it('a request that arrives too slowly answers 408 request.timeout in the same shape', () => {
    const error = Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    const text = clientErrorResponse(error, '00000000-0000-4000-8000-000000000000');
    const [head, body] = text.split('\r\n\r\n');
    expect(head?.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(head).toContain(`content-length: ${Buffer.byteLength(body ?? '')}`);
    expect(JSON.parse(body ?? '')).toEqual({
      code: 'request.timeout',
      message: 'the request was not received in time',
      details: [],
    });
  });
});

describe('the operations port', () => {
  it('answers oversized headers and unreadable requests in the same shape', async () => {
    const ops = await buildOpsApp({ db: ctx.db, metrics: createMetrics() });
    await ops.listen({ host: '127.0.0.1', port: 0 });
    try {
      const opsPort = (ops.server.address() as { port: number }).port;
      const big = await raw(get('/healthz', `X-Big: ${'a'.repeat(20 * 1024)}\r\n`), opsPort);
      expectShape(big, 431, 'request.header_too_large');
      expectShape(await raw('NOT A REQUEST\r\n\r\n', opsPort), 400, 'request.malformed');
    } finally {
      await ops.close();
    }
  });
});
