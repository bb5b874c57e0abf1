/**
 * Document 2: endpoint-group-scoped roles see out-of-scope incidents as 404 everywhere. Walks
 * every `/incidents/{id}/…` operation of the served OpenAPI document as an Owner scoped to one
 * group (every permission, every step-up confirmed) against an incident of a device outside that
 * group, with a body built from the operation's schema so validation lets it through: each must
 * answer 404, exactly as for an incident that does not exist, and change nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/http/principal.js';
import { STEP_UP_PURPOSES } from '../../src/http/step-up.js';
import { enrolDevice } from '../agents/agent-harness.js';
import { signInAs, stepUp } from '../helpers/index.js';
import { startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

type Schema = Record<string, unknown>;
type Param = { name: string; in: string; required?: boolean; schema?: Schema };
type Doc = { paths: Record<string, Record<string, { requestBody?: Schema; parameters?: Param[] }>> };
const OTHER_ID = '3b0c7c5e-5d0e-4f4e-9a53-0c2f4f8a1d11';

/** A value the schema accepts (required properties only; the first branch of a union). */
function sample(s: Schema, name = ''): unknown {
  const branch = (s.anyOf as Schema[] | undefined)?.find((b) => b.type !== 'null') ?? s;
  if (branch.const !== undefined) return branch.const;
  if (Array.isArray(branch.enum)) return branch.enum[0];
  const type = Array.isArray(branch.type) ? branch.type.find((x) => x !== 'null') : branch.type;
  if (type === 'object') {
    const props = (branch.properties ?? {}) as Record<string, Schema>;
    const required = (branch.required ?? []) as string[];
    return Object.fromEntries(required.map((k) => [k, sample(props[k] ?? {}, k)]));
  }
  if (type === 'array') {
    const n = Number(branch.minItems ?? 0);
    return Array.from({ length: n }, () => sample((branch.items ?? {}) as Schema));
  }
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return Number(branch.minimum ?? 1);
  if (branch.format === 'date-time') return '2026-03-01T00:00:00.000Z';
  if (branch.format === 'uuid' || /_id$/.test(name) || branch.pattern !== undefined) return OTHER_ID;
  if (branch.format === 'email' || /email/.test(name)) return 'someone@example.com';
  const min = Number(branch.minLength ?? 0);
  const max = Number(branch.maxLength ?? 200);
  return 'A reason written for the scope walk.'.padEnd(Math.min(Math.max(min, 36), max), '.');
}

describe('scoped roles and out-of-scope incidents (document 2)', () => {
  it('every /incidents/{id}/… operation answers 404 for an incident outside the scope', async () => {
    const doc = (await t.h.ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as Doc;
    const ops = Object.entries(doc.paths)
      .filter(([path]) => /^\/api\/v1\/incidents\/\{id\}\//.test(path) || path === '/api/v1/incidents/{id}')
      .flatMap(([path, byMethod]) =>
        Object.entries(byMethod)
          .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
      );
    expect(ops.length).toBeGreaterThan(20);

    const g = await t.call('POST', '/agent-groups', t.h.owner, { name: 'Finance' });
    const groupId = g.json().id as string;
    const inside = await enrolDevice(t.h, 'ed25519', { agent_group: 'Finance' });
    const mine = await t.one('alice', inside);
    const outside = await t.one('bob');
    const scoped = await signInAs(t.h.ctx, { role: 'owner', tenant: t.h.owner.tenantSlug });
    for (const purpose of STEP_UP_PURPOSES) await stepUp(t.h.ctx, scoped, purpose);
    const session = t.h.ctx.app.auth.authenticators[0]!;
    t.h.ctx.app.auth.authenticators.unshift(async (credential, request, services) => {
      if (credential.value !== scoped.token) return null;
      const p: Principal | null = await session(credential, request, services);
      return p ? { ...p, incidentScope: [groupId] } : null;
    });
    expect((await t.call('GET', `/incidents/${mine}`, scoped)).statusCode).toBe(200);
    const before = await t.h.ctx.db.selectFrom('incidents').selectAll().where('id', '=', outside).execute();

    const leaks: string[] = [];
    for (const { method, path, op } of ops) {
      const query = (op.parameters ?? [])
        .filter((q) => q.in === 'query' && q.required)
        .map((q) => `${q.name}=${encodeURIComponent(String(sample(q.schema ?? {}, q.name)))}`);
      const url = `${path
        .replace('{id}', outside)
        .replace('{n}', '1')
        .replace(/\{[^}]+\}/g, OTHER_ID)}${query.length ? `?${query.join('&')}` : ''}`;
      const content = op.requestBody?.content as Record<string, { schema?: Schema }> | undefined;
      const schema = content?.['application/json']?.schema;
      const r = await t.h.ctx.app.inject({
        method: method as 'GET',
        url,
        headers: scoped.headers,
        ...(schema ? { payload: sample(schema) as Record<string, unknown> } : {}),
      });
      if (r.statusCode !== 404) leaks.push(`${method} ${path} -> ${r.statusCode} ${r.body.slice(0, 160)}`);
    }
    expect(leaks).toEqual([]);
    expect(await t.h.ctx.db.selectFrom('incidents').selectAll().where('id', '=', outside).execute()).toEqual(
      before,
    );
  });
});
