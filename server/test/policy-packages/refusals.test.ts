import { packageDigest } from '@custos/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, signInAs, type TestContext } from '../helpers/index.js';
import { as, pciPolicy, twoTenants } from './package-app.js';

/** Issue 25, document 1 (Policy package, Errors, Limits): what a dry run and an import refuse. */
let ctx: TestContext;
let a: SignedIn;
let b: SignedIn;
const A = as(
  () => ctx,
  () => a,
);
const B = as(
  () => ctx,
  () => b,
);

beforeEach(async () => {
  ctx = await createTestApp();
  ({ a, b } = await twoTenants(ctx));
});
afterEach(async () => ctx.close());

// biome-ignore lint/suspicious/noExplicitAny: a package as JSON, edited field by field to tamper with it.
type Pkg = Record<string, any>;
const resealed = (pkg: Pkg): Pkg => ({ ...pkg, digest: packageDigest(pkg as never) });
const fields = (r: { json(): { details: { field: string }[] } }) => r.json().details.map((d) => d.field);
const policyCount = async (tenantId: string) =>
  (await ctx.db.selectFrom('policies').select('id').where('tenant_id', '=', tenantId).execute()).length;

/** A's card policy on the built-in detector, with a prompt message; exported. */
async function exportedCardPolicy(): Promise<Pkg> {
  const prompt = await A.post('/prompt-messages', {
    name: 'Justify card uploads',
    action: 'justify',
    texts: { en: 'Say why this file has to leave.' },
  });
  expect(prompt.statusCode).toBe(201);
  const created = await A.post('/policies', {
    ...pciPolicy,
    condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
    notifications: { prompt_message_id: prompt.json().id },
  });
  expect(created.statusCode).toBe(201);
  const r = await A.get(`/policies/${created.json().policy_id}/versions/1/package`);
  expect(r.statusCode).toBe(200);
  return r.json();
}

describe('policy package refusals', () => {
  it('export: another tenant is the identical 404; reading suffices, dry run needs policies:write', async () => {
    const pkg = await exportedCardPolicy();
    const id = pkg.source.policy_id;
    const foreign = await B.get(`/policies/${id}/versions/1/package`);
    const missing = await A.get('/policies/00000000-0000-4000-8000-000000000000/versions/1/package');
    const noVersion = await A.get(`/policies/${id}/versions/9/package`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(noVersion.json()).toEqual(missing.json());
    const auditor = await signInAs(ctx, { role: 'auditor', tenant: a.tenantSlug });
    const Aud = as(
      () => ctx,
      () => auditor,
    );
    expect((await Aud.get(`/policies/${id}/versions/1/package`)).statusCode).toBe(200);
    expect((await Aud.post('/policy-packages/dry-run', { package: pkg })).statusCode).toBe(403);

    // Same tenant: a group name that names no live group is missing until the group exists.
    const before = (await A.post('/policy-packages/dry-run', { package: pkg })).json();
    expect(before.dependencies[1]).toMatchObject({ state: 'missing', resolved_to: null });
    expect((await A.post('/agent-groups', { name: 'Finance' })).statusCode).toBe(201);
    // Then every dependency is the same object; the built-in detector is exact anywhere.
    const same = (await A.post('/policy-packages/dry-run', { package: pkg })).json();
    expect(same.same_tenant).toBe(true);
    expect(same.dependencies.map((d: { state: string }) => d.state)).toEqual(['exact', 'exact', 'exact']);
    const there = (await B.post('/policy-packages/dry-run', { package: pkg })).json();
    expect(
      there.dependencies.map((d: { kind: string; state: string; removable: boolean }) => [
        d.kind,
        d.state,
        d.removable,
      ]),
    ).toEqual([
      ['detector', 'exact', false],
      ['scope_endpoint_group', 'requires_mapping', false],
      ['prompt_message', 'requires_mapping', true],
    ]);
  });

  it('refuses a changed package, a list that hides a reference, bad mappings and a large body; nothing stored', async () => {
    const pkg = await exportedCardPolicy();
    const changed = structuredClone(pkg);
    changed.policy.spec.response = 'audit';
    const r1 = await B.post('/policy-packages/import', { package: changed });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().code).toBe('policy_package.digest_mismatch');
    expect(fields(r1)).toEqual(['package.digest']);

    // The digest is integrity only: anyone can recompute it, so the list is checked against the spec.
    const hidden = resealed({ ...pkg, dependencies: pkg.dependencies.slice(1) });
    const r2 = await B.post('/policy-packages/dry-run', { package: hidden });
    expect(r2.statusCode).toBe(422);
    expect(fields(r2)).toEqual(['package.dependencies']);
    const moved = structuredClone(pkg);
    moved.dependencies[0].paths = ['scope.channels[0]'];
    expect(fields(await B.post('/policy-packages/dry-run', { package: resealed(moved) }))).toEqual([
      'package.dependencies[0]',
    ]);
    const newer = structuredClone(pkg);
    newer.format_version = 2;
    expect(fields(await B.post('/policy-packages/dry-run', { package: resealed(newer) }))).toContain(
      'package.format_version',
    );
    // A built-in detector at another version than this server's is incompatible and blocks.
    const other = structuredClone(pkg);
    other.dependencies[0].version = 99;
    const inc = (await B.post('/policy-packages/dry-run', { package: resealed(other) })).json();
    expect(inc.dependencies[0].state).toBe('incompatible');
    expect(inc.blocking).toBe(true);

    const [, group, prompt] = pkg.dependencies;
    const bad = await B.post('/policy-packages/dry-run', {
      package: pkg,
      mappings: [
        { key: group.key, to: 'No such group' },
        { key: prompt.key, to: 'not-a-message' },
        { key: 'detector:nothing', to: 'x' },
        { key: pkg.dependencies[0].key, remove: true },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(fields(bad).sort()).toEqual([
      'mappings[0].to',
      'mappings[1].to',
      'mappings[2].key',
      'mappings[3].remove',
    ]);
    expect(bad.body).not.toContain('No such group');

    const big = await B.post('/policy-packages/dry-run', {
      package: { ...pkg, policy: { ...pkg.policy, description: 'x'.repeat(300 * 1024) } },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('request.too_large');
    expect(await policyCount(b.tenantId)).toBe(0);
  });

  it('a removed prompt message and a mapped group import as a draft without the message', async () => {
    const pkg = await exportedCardPolicy();
    const g = await B.post('/agent-groups', { name: 'Payments' });
    expect(g.statusCode).toBe(201);
    const [, group, prompt] = pkg.dependencies;
    const body = {
      package: pkg,
      name: 'Card uploads (from A)',
      mappings: [
        { key: group.key, to: 'Payments' },
        { key: prompt.key, remove: true },
      ],
    };
    const dry = (await B.post('/policy-packages/dry-run', body)).json();
    expect(dry.dependencies.map((d: { state: string }) => d.state)).toEqual(['exact', 'mapped', 'removed']);
    expect(dry).toMatchObject({ name: 'Card uploads (from A)', blocking: false });
    expect(dry.name_conflict).toBeUndefined();
    const imported = await B.post('/policy-packages/import', body);
    expect(imported.statusCode).toBe(201);
    const [v] = (await B.get(`/policies/${imported.json().id}/versions`)).json();
    expect(v).toMatchObject({ status: 'draft', name: 'Card uploads (from A)' });
    expect(v.scope.agent_groups).toEqual(['Payments']);
    expect(v.notifications?.prompt_message_id ?? null).toBeNull();
  });

  it('a dry run needs the lookup permission for the objects the version names (403, nothing read)', async () => {
    const created = await A.post('/policies', {
      ...pciPolicy,
      scope: { channels: ['browser_upload'], groups: ['CORP\\Finance'] },
      condition: { op: 'detector', detector_id: 'payment_card' },
    });
    expect(created.statusCode).toBe(201);
    const pkg = (await A.get(`/policies/${created.json().policy_id}/versions/1/package`)).json();
    expect(pkg.dependencies.map((d: { kind: string }) => d.kind)).toEqual(['detector', 'scope_group']);
    // A Security Analyst writes policies but holds no directory:read.
    const analyst = await signInAs(ctx, { role: 'security_analyst', tenant: b.tenantSlug });
    const An = as(
      () => ctx,
      () => analyst,
    );
    const refused = await An.post('/policy-packages/dry-run', { package: pkg });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.forbidden');
    const owner = await B.post('/policy-packages/dry-run', {
      package: pkg,
      mappings: [{ key: pkg.dependencies[1].key, to: 'CONTOSO\\Finance' }],
    });
    expect(owner.json().dependencies[1]).toMatchObject({ state: 'mapped', resolved_to: 'CONTOSO\\Finance' });
  });
});
