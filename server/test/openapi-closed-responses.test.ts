import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestApp, type TestContext } from './helpers/index.js';
import { probeModule } from './helpers/probe-module.js';

/**
 * Issue 14: response schemas are allowlists. Walks every response of the served OpenAPI
 * document (following `$ref`s into components) and lists each open object: one without
 * `additionalProperties: false`, a map (`additionalProperties` true or a schema,
 * `patternProperties`), an object with no `properties`, or a value of no declared type.
 */
type Json = Record<string, unknown>;

let ctx: TestContext;
let doc: Json;
beforeAll(async () => {
  ctx = await createTestApp();
  const r = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(r.statusCode).toBe(200);
  doc = r.json() as Json;
});
afterAll(async () => ctx.close());

const TYPED = ['type', 'anyOf', 'oneOf', 'allOf', 'const', 'enum', '$ref'];

/** Every open place under `schema`, written as a path from the response. */
export function openPlaces(
  schema: unknown,
  where: string,
  components: Json,
  seen = new Set<string>(),
): string[] {
  if (schema === null || typeof schema !== 'object') return [`${where}: not a schema`];
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return [];
    seen.add(name);
    return openPlaces(components[name], `${where}→${name}`, components, seen);
  }
  const out: string[] = [];
  if (!TYPED.some((k) => k in s)) out.push(`${where}: no declared type`);
  const isObject =
    s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')) || 'properties' in s;
  if (isObject || 'additionalProperties' in s || 'patternProperties' in s) {
    if (s.additionalProperties !== false) out.push(`${where}: additionalProperties is not false`);
    if ('patternProperties' in s) out.push(`${where}: patternProperties`);
    if (!s.properties || typeof s.properties !== 'object') out.push(`${where}: no properties listed`);
  }
  if (s.type === 'array' && !s.items) out.push(`${where}: array without items`);
  for (const [k, v] of Object.entries((s.properties as Json | undefined) ?? {}))
    out.push(...openPlaces(v, `${where}.${k}`, components, seen));
  if (s.items) out.push(...openPlaces(s.items, `${where}[]`, components, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const [i, branch] of ((s[key] as unknown[] | undefined) ?? []).entries())
      out.push(...openPlaces(branch, `${where}<${key}:${i}>`, components, seen));
  return out;
}

describe('the served OpenAPI document', () => {
  it('declares no open object in any response', () => {
    const components = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
    const open: string[] = [];
    let responses = 0;
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(ops as Json)) {
        for (const [status, r] of Object.entries(((op as Json).responses ?? {}) as Json)) {
          for (const c of Object.values(((r as Json).content ?? {}) as Json)) {
            responses += 1;
            open.push(
              ...openPlaces((c as Json).schema, `${method.toUpperCase()} ${path} ${status}`, components),
            );
          }
        }
      }
    }
    expect(responses).toBeGreaterThan(400);
    expect(open).toEqual([]);
  });

  it('the walk finds each kind of open object', () => {
    const cases: [unknown, string][] = [
      [{ type: 'object', properties: { a: { type: 'string' } } }, 'additionalProperties is not false'],
      [{ type: 'object', properties: {}, additionalProperties: true }, 'additionalProperties is not false'],
      [{ type: 'object', additionalProperties: { type: 'string' } }, 'no properties listed'],
      [{ type: 'object', additionalProperties: false }, 'no properties listed'],
      [{ type: 'array', items: {} }, 'no declared type'],
      [{ anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'null' }] }, 'not false'],
    ];
    for (const [schema, finding] of cases) expect(openPlaces(schema, 'x', {}).join('\n')).toContain(finding);
    expect(
      openPlaces(
        { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
        'x',
        {},
      ),
    ).toEqual([]);
  });
});

describe('closing and checking response schemas', () => {
  it('closes a response object left open, leaves request schemas alone, and reports what it drops', async () => {
    const dropped: string[] = [];
    const app = await buildApp(
      { config: ctx.config, db: ctx.db, clock: ctx.clock },
      {
        modules: [],
        extraModules: [probeModule],
        strictResponses: (route, fields) => dropped.push(`${route} ${fields.join(' ')}`),
      },
    );
    try {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/probe/items/${randomUUID()}`,
        payload: { name: 'a', count: 1 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('secret');
      expect(dropped).toEqual(['POST /api/v1/probe/items/:id 200 /secret']);
      const served = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as Json;
      const op = ((served.paths as Json)['/api/v1/probe/items/{id}'] as Json).post as Json;
      const reply = (((op.responses as Json)['200'] as Json).content as Json)['application/json'] as Json;
      expect((reply.schema as Json).additionalProperties).toBe(false);
      const body = (((op.requestBody as Json).content as Json)['application/json'] as Json).schema as Json;
      // The request's nested scope object keeps its own (unset) rule: only responses are closed.
      expect(((body.properties as Json).scope as Json).additionalProperties).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
