import { packageDigest } from '@custos/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestContext } from '../helpers/index.js';
import { as, CARDS, cardObjects, pciPolicy, twoTenants } from './package-app.js';

/**
 * Issue 25, document 1 (Policy package): export from tenant A, dry run and import into tenant B
 * with mappings, publish in B, and the simulated decision on the same input is the same.
 */
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

const audits = (tenantId: string, action: string) =>
  ctx.db
    .selectFrom('audit_events')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('action', '=', action)
    .execute();

const keyOf = (deps: { key: string; kind: string }[], kind: string) => deps.find((d) => d.kind === kind)!.key;

describe('policy package round trip', () => {
  it('exports from A, imports into B with mappings, and B decides as A does', async () => {
    await cardObjects(A);
    const created = await A.post('/policies', pciPolicy);
    expect(created.statusCode).toBe(201);
    const policyId = created.json().policy_id as string;
    expect((await A.post(`/policies/${policyId}/versions/1/publish`)).json().status).toBe('published');

    const exported = await A.get(`/policies/${policyId}/versions/1/package`);
    expect(exported.statusCode).toBe(200);
    const pkg = exported.json();
    expect(pkg).toMatchObject({
      format: 'svc.policy-package',
      format_version: 1,
      source: { tenant_id: a.tenantId, policy_id: policyId, version: 1, version_status: 'published' },
      policy: { name: 'PCI uploads', description: 'cards leaving through the browser', group: 'web' },
    });
    // id, tenant_id and owner cleared; the digest covers exactly what was received.
    expect(pkg.policy.spec.owner).toBeUndefined();
    expect(pkg.policy.spec.id).toBeUndefined();
    expect(pkg.policy.spec.tenant_id).toBeUndefined();
    expect(packageDigest(pkg)).toBe(pkg.digest);
    expect(
      pkg.dependencies.map((d: { key: string; kind: string; origin?: string; paths: string[] }) => [
        d.kind,
        d.origin ?? null,
        d.paths,
      ]),
    ).toEqual([
      ['classification', 'tenant', ['condition.nodes[0].classification_id']],
      ['detector', 'tenant', ['condition.nodes[1].detector_id']],
      ['scope_endpoint_group', null, ['scope.agent_groups[0]']],
    ]);
    const exportedAudit = await audits(a.tenantId, 'policy.exported');
    expect(exportedAudit).toHaveLength(1);
    expect(JSON.parse(exportedAudit[0]!.metadata)).toMatchObject({ version: 1 });

    // B has objects under the very same ids and names: none resolves by itself or by name.
    await cardObjects(B);
    const group = await B.post('/agent-groups', { name: 'Finance' });
    expect(group.statusCode).toBe(201);
    const bare = await B.post('/policy-packages/dry-run', { package: pkg });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toMatchObject({ same_tenant: false, blocking: true, previously_imported: [] });
    expect(bare.json().dependencies.map((d: { state: string }) => d.state)).toEqual([
      'requires_mapping',
      'requires_mapping',
      'requires_mapping',
    ]);
    const refused = await B.post('/policy-packages/import', { package: pkg });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('policy_package.unresolved');
    expect(refused.json().details.map((d: { field: string }) => d.field)).toEqual([
      'package.dependencies[0]',
      'package.dependencies[1]',
      'package.dependencies[2]',
    ]);
    expect(await audits(b.tenantId, 'policy.created')).toHaveLength(0);

    const mappings = [
      {
        key: keyOf(pkg.dependencies, 'classification'),
        to: { classification_id: 'pci', classification_version: 1, revision: 1 },
      },
      { key: keyOf(pkg.dependencies, 'detector'), to: 'acme_ref' },
      { key: keyOf(pkg.dependencies, 'scope_endpoint_group'), to: 'Finance' },
    ];
    const mapped = await B.post('/policy-packages/dry-run', { package: pkg, mappings });
    expect(mapped.json()).toMatchObject({ blocking: false, issues: [] });
    expect(mapped.json().dependencies.map((d: { state: string; resolved_to: string }) => d.state)).toEqual([
      'mapped',
      'mapped',
      'mapped',
    ]);
    expect(mapped.json().dependencies[0].resolved_to).toBe('pci@1.1');

    const imported = await B.post('/policy-packages/import', { package: pkg, mappings });
    expect(imported.statusCode).toBe(201);
    const newId = imported.json().id as string;
    expect(imported.json().version).toBe(1);
    const versions = (await B.get(`/policies/${newId}/versions`)).json();
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ status: 'draft', tenant_id: b.tenantId, name: 'PCI uploads' });
    const createdAudit = await audits(b.tenantId, 'policy.created');
    expect(JSON.parse(createdAudit[0]!.metadata).imported_from).toEqual({
      tenant_id: a.tenantId,
      policy_id: policyId,
      policy_number: 1,
      version: 1,
    });
    const again = await B.post('/policy-packages/dry-run', { package: pkg, mappings });
    expect(again.json().previously_imported).toEqual([
      expect.objectContaining({ policy_id: newId, digest: pkg.digest }),
    ]);
    expect(again.json().name_conflict).toEqual({ policy_id: newId, number: 1 });

    expect((await B.post(`/policies/${newId}/versions/1/publish`)).json().status).toBe('published');
    const input = { text: CARDS, channel: 'browser_upload', os: 'windows', agent_group: 'Finance' };
    const inA = (await A.post('/policies/simulate', input)).json();
    const inB = (await B.post('/policies/simulate', input)).json();
    expect(inA.outcome).toBe('action');
    expect(inA.final_action).toBe('require_justification');
    for (const field of ['outcome', 'final_action', 'requested_action', 'risk'])
      expect(inB[field]).toEqual(inA[field]);
    expect(inB.matched_policies).toHaveLength(1);
    expect(inB.decided_by_policy_id).toBe(newId);
    const other = { ...input, text: 'the quarterly plan, no numbers' };
    expect((await B.post('/policies/simulate', other)).json().outcome).toBe(
      (await A.post('/policies/simulate', other)).json().outcome,
    );
  });
});
