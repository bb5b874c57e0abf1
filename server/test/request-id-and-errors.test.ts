import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeError } from '../src/http/error-handler.js';
import { createTestApp, signInAs, type TestContext } from './helpers/index.js';
import { probeModule } from './helpers/probe-module.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ extraModules: [probeModule] });
});
afterAll(async () => {
  await ctx.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const itemUrl = () => `/api/v1/probe/items/${randomUUID()}`;

describe('x-request-id', () => {
  it('is minted by the server and the client value is ignored', async () => {
    const a = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/probe/list',
      headers: { 'x-request-id': 'client-1' },
    });
    const b = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/probe/list',
      headers: { 'x-request-id': 'client-1' },
    });
    expect(a.statusCode).toBe(200);
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe('client-1');
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('is on errors and unknown routes too', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(res.json()).toEqual({ code: 'route.not_found', message: 'no such route', details: [] });
  });
});

describe('request.malformed before the handler', () => {
  it('answers bad JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: itemUrl(),
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "a", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'request.malformed', details: [] });
  });

  it('answers a wrong content type', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: itemUrl(),
      headers: { 'content-type': 'text/plain' },
      payload: 'name=a',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.malformed');
  });

  it('answers a body that is not an object', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: itemUrl(), payload: [1, 2] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.malformed');
  });

  it('answers a path id that is not a UUID, naming the parameter', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/probe/items/12345',
      payload: { name: 'a', count: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'request.malformed', details: [{ field: 'id' }] });
  });

  it('refuses prototype poisoning as malformed', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: itemUrl(),
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"a","count":1,"__proto__":{"x":1}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.malformed');
  });
});

describe('422 request.invalid', () => {
  it('names every bad field and never echoes the value', async () => {
    const secretish = 'VALUE-4111111111111111-VALUE';
    const res = await ctx.app.inject({
      method: 'POST',
      url: itemUrl(),
      payload: { name: secretish, count: 99, scope: { channels: ['print', secretish] }, extra: secretish },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('request.invalid');
    const fields = body.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['count', 'extra', 'name', 'scope.channels[1]']);
    expect(res.body).not.toContain('4111111111111111');
  });

  it('names a missing field', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: itemUrl(), payload: { name: 'a' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'count', message: 'is required' }]);
  });

  it('does not coerce body types (a string is not an integer)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: itemUrl(), payload: { name: 'a', count: '5' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'count', message: 'must be integer' }]);
  });

  it('coerces and range-checks query parameters', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/v1/probe/list?limit=7' });
    expect(ok.json()).toEqual({ limit: 7 });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/probe/list?limit=1000' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details).toEqual([{ field: 'limit', message: 'must be at most 100' }]);
  });
});

describe('responses', () => {
  it('are allowlisted by the response schema', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: itemUrl(), payload: { name: 'a', count: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('secret');
  });

  it('hide the cause of an unexpected error', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/probe/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internal',
      message: 'an unexpected error occurred; quote the x-request-id',
      details: [],
    });
    expect(res.body).not.toContain('SELECT');
  });
});

describe('database trouble and logs', () => {
  it('answers 503 service.unavailable with Retry-After when the database is busy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/probe/busy' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ code: 'service.unavailable', details: [] });
    expect(res.body).not.toContain('private@example.com');
  });

  it('keeps driver details (values) out of the logged error', () => {
    const error = Object.assign(new Error('duplicate key'), { code: '23505', detail: 'Key (email)=(a@b.c)' });
    const logged = safeError(error);
    expect(logged).toMatchObject({ type: 'Error', code: '23505', message: 'duplicate key' });
    expect(JSON.stringify(logged)).not.toContain('a@b.c');
  });
});

describe('security headers', () => {
  it('mark every answer no-store, nosniff and HTTPS-only', async () => {
    for (const url of ['/api/v1/probe/list', '/nope']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    }
  });
});

describe('shared schemas', () => {
  it('apply page defaults and send declared error bodies unchanged', async () => {
    const who = await signInAs(ctx, { role: 'viewer' });
    const id = randomUUID();
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/probe/things/${id}`,
      headers: who.headers,
    });
    expect(ok.json()).toEqual({ id, limit: 25, offset: 0 });
    const anon = await ctx.app.inject({ method: 'GET', url: `/api/v1/probe/things/${id}` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ code: 'auth.unauthenticated', details: [] });
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/probe/things/nope',
      headers: who.headers,
    });
    expect(bad.json().code).toBe('request.malformed');
  });
});

describe('OpenAPI', () => {
  it('serves a 3.1 document generated from route schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1/probe/items/{id}'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/v1/openapi.json']).toBeUndefined();
  });
});
