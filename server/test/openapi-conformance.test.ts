import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/index.js';

/**
 * The served OpenAPI document against the specification's route list and docs/api.md. Console
 * routes are written without `/api/v1` in routes.txt; agent routes are written in full.
 */
const SPEC_ROUTES = new URL('../../../shared/spec/routes.txt', import.meta.url);
const LATER = new URL('./spec-routes-later.txt', import.meta.url);
const API_DOC = new URL('../../docs/api.md', import.meta.url);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `METHOD /path` with every path parameter written `{}`, so names need not agree. */
const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
const full = (path: string) => (path.startsWith('/api/v1/agent') ? path : `/api/v1${path}`);

/** `METHOD /path` lines of a list file (comments and the `[document]` tag dropped). */
function routeLines(url: URL): { method: string; path: string }[] {
  return fs
    .readFileSync(url, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const [method, path] = l.split(/\s+/);
      return { method: method!, path: path! };
    });
}

let ctx: TestContext;
let served: Set<string>;
beforeAll(async () => {
  ctx = await createTestApp();
  const r = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(r.statusCode).toBe(200);
  const paths = r.json().paths as Record<string, Record<string, unknown>>;
  served = new Set(
    Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => METHODS.includes(m))
        .map((m) => key(m, path)),
    ),
  );
});
afterAll(async () => ctx.close());

describe('served routes and the specification', () => {
  it('serves every route of spec/routes.txt except exactly those listed for later issues', () => {
    const spec = routeLines(SPEC_ROUTES);
    expect(spec.length).toBe(215);
    const notServed = spec
      .filter((r) => !served.has(key(r.method, full(r.path))))
      .map((r) => key(r.method, r.path));
    const later = routeLines(LATER).map((r) => key(r.method, r.path));
    // A route that landed must leave the later list; a route that disappeared fails here too.
    expect(notServed.sort()).toEqual([...later].sort());
  });

  it('lists every served route in docs/api.md', () => {
    const doc = fs.readFileSync(API_DOC, 'utf8');
    const documented = new Set(
      [...doc.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) (\/\S+)/gm)].map((m) => key(m[1]!, m[2]!)),
    );
    const missing = [...served].filter((r) => r !== 'GET /api/v1/openapi.json' && !documented.has(r));
    expect(missing).toEqual([]);
  });
});
