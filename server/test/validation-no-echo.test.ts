import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownField, UNKNOWN_PROPERTY } from '../src/http/validation.js';
import { createTestApp, type SignedIn, signInAs, type TestContext } from './helpers/index.js';

/** Issue 14: a 422 names fields by the schema's path, bounded; it never repeats what was sent. */
let ctx: TestContext;
let owner: SignedIn;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signInAs(ctx, { role: 'owner' });
});
afterAll(async () => ctx.close());

const post = (url: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: owner.headers,
    payload: payload as object,
  });

/** A marker that must never come back: a control character, an escape and a recognisable tail. */
const MARK = 'ZqX\u0007\u001b[31mleak';

describe('a 422 never echoes what was sent', () => {
  it('a 200 KB unknown key gives a small answer naming a placeholder', async () => {
    const key = `k${'y'.repeat(200 * 1024)}`;
    const res = await post('/api-tokens', { name: 'ci', scopes: ['audit:read'], [key]: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.payload.length).toBeLessThan(1024);
    expect(res.json().details).toEqual([{ field: UNKNOWN_PROPERTY, message: 'is not a known field' }]);
  });

  it('a short printable unknown key is named; one with control characters is not', async () => {
    const a = await post('/api-tokens', { name: 'ci', scopes: ['audit:read'], colour: 1 });
    expect(a.json().details).toEqual([{ field: 'colour', message: 'is not a known field' }]);
    const b = await post('/api-tokens', { name: 'ci', scopes: ['audit:read'], [MARK]: 1 });
    expect(b.statusCode).toBe(422);
    expect(b.json().details[0].field).toBe(UNKNOWN_PROPERTY);
    expect(b.payload).not.toContain('ZqX');
  });

  it('thousands of unknown keys give a bounded list of details', async () => {
    const body: Record<string, unknown> = { name: 'ci', scopes: ['audit:read'] };
    for (let i = 0; i < 5000; i++) body[`unknown_${i}`] = i;
    const res = await post('/api-tokens', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().details.length).toBeLessThanOrEqual(50);
    expect(res.payload.length).toBeLessThan(8 * 1024);
  });

  it('POST /api-tokens names a bad scope by its position, never by its value', async () => {
    const res = await post('/api-tokens', { name: 'ci', scopes: ['audit:read', `audit:read${MARK}`] });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'scopes[1]', message: 'is not a permission identifier' }]);
    expect(res.payload).not.toContain('ZqX');
    expect(res.payload).not.toContain('\u0007');
  });

  it('a scope the creator does not hold is named by position too', async () => {
    const viewer = await signInAs(ctx, { role: 'viewer', tenant: owner.tenantSlug });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-tokens',
      headers: viewer.headers,
      payload: { name: 'ci', scopes: ['users:write'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'scopes[0]', message: 'is a permission you do not hold' }]);
    expect(res.payload).not.toContain('users:write');
  });

  it('bad values and bad map keys in several routes come back without a byte of the value', async () => {
    const cases: [string, unknown][] = [
      ['/api-tokens', { name: 7, scopes: [MARK], expires_in_days: MARK }],
      ['/users', { email: MARK, role: MARK, display_name: 3 }],
      ['/prompt-messages', { name: 'n', action: 'block', texts: { en: 'ok', [MARK]: 'x' } }],
      [
        '/prompt-messages',
        { name: 'n', action: 'block', texts: { en: 'ok', [`${'z'.repeat(70_000)}`]: 'x' } },
      ],
      ['/agent-groups', { name: { [MARK]: MARK } }],
    ];
    for (const [url, body] of cases) {
      const res = await post(url, body);
      expect([400, 422], url).toContain(res.statusCode);
      expect(res.payload, url).not.toContain('ZqX');
      expect(res.payload, url).not.toContain('zzzz');
      expect(res.payload.length, url).toBeLessThan(4096);
      const parsed = res.json() as { code: string; message: string; details: { field: string }[] };
      expect(Object.keys(parsed).sort()).toEqual(['code', 'details', 'message']);
    }
  });

  it('a field path written by a service keeps its shape and loses what cannot be shown', () => {
    expect(shownField('rules[0].elements[1].detector_id')).toBe('rules[0].elements[1].detector_id');
    expect(shownField(`texts.${MARK}`)).toBe(`texts.${UNKNOWN_PROPERTY}`);
    expect(shownField(`a.${'b'.repeat(100_000)}[3]`)).toBe(`a.${UNKNOWN_PROPERTY}`);
    expect(shownField('(body)')).toBe('(body)');
  });
});

type Json = Record<string, unknown>;

/** A body for `schema` with every listed field set to `value`, plus a huge unknown key. */
function hostileBody(schema: Json | undefined, value: unknown): Json {
  const body: Json = { [`u${'w'.repeat(100_000)}`]: value };
  for (const key of Object.keys((schema?.properties as Json | undefined) ?? {})) body[key] = value;
  return body;
}

describe('every console write route', () => {
  it('refuses hostile bodies without repeating a byte of them', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as Json;
    let refused = 0;
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      if (path.startsWith('/api/v1/agent/')) continue;
      for (const [method, op] of Object.entries(ops as Json)) {
        if (!['post', 'put', 'patch'].includes(method)) continue;
        const content = ((op as Json).requestBody as Json | undefined)?.content as Json | undefined;
        const schema = (content?.['application/json'] as Json | undefined)?.schema as Json | undefined;
        if (content && !schema) continue;
        const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        for (const value of [MARK, { [MARK]: MARK }, [MARK]]) {
          const res = await ctx.app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            headers: owner.headers,
            payload: hostileBody(schema, value),
          });
          if (res.statusCode < 400) continue;
          refused += 1;
          const where = `${method.toUpperCase()} ${path} ${res.statusCode}`;
          expect(res.payload, where).not.toContain('ZqX');
          expect(res.payload, where).not.toContain('wwww');
          expect(res.payload.length, where).toBeLessThan(8 * 1024);
          // SCIM answers in RFC 7644's error form (docs/scim.md); every other route in ours.
          const shape = path.startsWith('/api/v1/scim/')
            ? ['detail', 'schemas', 'status']
            : ['code', 'details', 'message'];
          expect(Object.keys(res.json() as Json).sort(), where).toEqual(shape);
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
  });
});
