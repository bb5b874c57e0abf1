/**
 * Issue 14, hostile input: every route of the served OpenAPI document that takes a JSON body gets,
 * from a signed-in Owner with every step-up confirmed,
 *  (a) a body holding one unknown property whose name is 10,000 characters, and
 *  (b) for each top-level string property, a value with a NUL, an escape sequence, U+202E and an
 *      AWS key id.
 * No answer is a 5xx, and no refusal repeats the sent value or the long key. Path parameters are
 * a fixed UUID (a 404 or 422 is expected there: still no echo, no 5xx). Each route gets its own
 * tenant and Owner, so one route's effect cannot change another's answer. Agent routes answer
 * 401 to an Owner (they take device credentials): that is part of the sweep too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_UP_PURPOSES } from '../../src/http/step-up.js';
import { createTestApp, type SignedIn, signInAs, stepUp, type TestContext } from '../helpers/index.js';

const LONG_KEY = `unknown_${'Z'.repeat(10_000 - 8)}`;
const AWS_KEY = 'AKIAIOSFODNN7EXAMPLE';
/** All four in one value, then each alone (each reaches a different check first). */
const HOSTILE_VALUES = [
  `a\u0000b \u001b[31mred\u001b[0m \u202Eexe.pdf ${AWS_KEY}`,
  'a\u0000b',
  'see \u001b[2J\u001b[31mred',
  'invoice\u202Eexe.pdf',
  `uses ${AWS_KEY} for uploads`,
];
/** What must never come back in a refusal: each hostile part, raw or JSON-escaped. */
const ECHO_PARTS = [
  AWS_KEY,
  '\u0000',
  '\\u0000',
  '\u001b',
  '\\u001b',
  '\u202e',
  '\\u202e',
  '\\u202E',
  'exe.pdf',
];
const FIXED_ID = '3b0c7c5e-5d0e-4f4e-9a53-0c2f4f8a1d11';
const METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Today a refusal still names an unknown key in full (a 10,000-character key comes back in a
 * 10 KB answer, on every route with a closed body): the schemas helper is bounding field names in
 * `http/validation.ts` in parallel. Until that is merged, the echo of the long key is checked in
 * an `it.fails` below; the lead flips it to `it` (sets this to true) after merging that work.
 * Everything else about the long key (no 5xx) is checked now.
 */
const LONG_KEY_ECHO_FIXED = true;

type Schema = Record<string, unknown>;
interface Route {
  method: string;
  path: string;
  body: Schema;
}

const isStringSchema = (s: Schema): boolean =>
  s.type === 'string' ||
  (Array.isArray(s.type) && s.type.includes('string')) ||
  ((s.anyOf as Schema[] | undefined) ?? []).some((x) => isStringSchema(x)) ||
  ((s.oneOf as Schema[] | undefined) ?? []).some((x) => isStringSchema(x));

/** Top-level properties of a body schema (of every branch of a union). */
function topLevel(schema: Schema): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const branch of [schema, ...((schema.anyOf as Schema[] | undefined) ?? [])])
    Object.assign(out, (branch.properties ?? {}) as Record<string, Schema>);
  return out;
}

function routesWithBodies(doc: { paths: Record<string, Record<string, { requestBody?: Schema }>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      const content = op.requestBody?.content as Record<string, { schema?: Schema }> | undefined;
      const body = content?.['application/json']?.schema;
      if (METHODS.has(method) && body) routes.push({ method: method.toUpperCase(), path, body });
    }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

let ctx: TestContext;
let routes: Route[];
beforeAll(async () => {
  ctx = await createTestApp();
  const r = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  routes = routesWithBodies(r.json());
});
afterAll(async () => ctx.close());

async function freshOwner(): Promise<SignedIn> {
  const owner = await signInAs(ctx, { role: 'owner' });
  for (const purpose of STEP_UP_PURPOSES) await stepUp(ctx, owner, purpose);
  return owner;
}

const urlOf = (path: string) => path.replace(/\{[^}]*version[^}]*\}/g, '1').replace(/\{[^}]+\}/g, FIXED_ID);

interface Outcome {
  status: number;
  problems: string[];
}

async function send(route: Route, owner: SignedIn, payload: Schema): Promise<Outcome> {
  const r = await ctx.app.inject({
    method: route.method as 'POST',
    url: urlOf(route.path),
    headers: owner.headers,
    payload,
  });
  const problems: string[] = [];
  if (r.statusCode >= 500) problems.push(`answered ${r.statusCode}`);
  if (r.statusCode >= 400) {
    if (r.body.includes(LONG_KEY.slice(0, 200))) problems.push('echoes the long key');
    if (r.body.length > 4096) problems.push(`answers ${r.body.length} bytes`);
    for (const part of ECHO_PARTS) if (r.body.includes(part)) problems.push(`echoes ${JSON.stringify(part)}`);
  }
  return { status: r.statusCode, problems };
}

describe('hostile input on every JSON body route', () => {
  it('finds the routes to sweep (the document is read)', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/v1/users');
  });

  it('answers an unknown 10,000-character property name without a 5xx', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const { status } = await send(route, await freshOwner(), { [LONG_KEY]: 'x' });
      if (status >= 500) failures.push(`${route.method} ${route.path} (${status})`);
    }
    expect(failures).toEqual([]);
  });

  // Flip to `it` after merging wt-schemas (see LONG_KEY_ECHO_FIXED).
  (LONG_KEY_ECHO_FIXED ? it : it.fails)(
    '[awaiting wt-schemas: bounded field names] refuses an unknown 10,000-character property name without repeating it',
    async () => {
      const failures: string[] = [];
      for (const route of routes) {
        const { status, problems } = await send(route, await freshOwner(), { [LONG_KEY]: 'x' });
        if (problems.length > 0)
          failures.push(`${route.method} ${route.path} (${status}): ${problems.join(', ')}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('answers control characters, a direction override and a key id in each top-level string without a 5xx or an echo', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const owner = await freshOwner();
      for (const [field, schema] of Object.entries(topLevel(route.body))) {
        // A string, or a list of strings (scopes, names): the hostile text as the value or its item.
        const items = schema.items as Schema | undefined;
        const asList = !isStringSchema(schema) && items !== undefined && isStringSchema(items);
        if (!isStringSchema(schema) && !asList) continue;
        for (const [i, hostile] of HOSTILE_VALUES.entries()) {
          sent += 1;
          const { status, problems } = await send(route, owner, { [field]: asList ? [hostile] : hostile });
          if (problems.length > 0)
            failures.push(`${route.method} ${route.path} ${field} #${i} (${status}): ${problems.join(', ')}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(250);
    expect(failures).toEqual([]);
  });
});
