import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestContext } from '../helpers/index.js';
import { as, type Caller, twoTenants } from './package-app.js';

/**
 * Issue 25: a policy whose condition names a document-fingerprint corpus travels in a package
 * with a `fingerprint_corpus` dependency (docs/policy-packages.md): another tenant must map it to
 * a corpus of its own, and the imported draft names that corpus.
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

async function corpus(c: Caller, name: string): Promise<string> {
  const r = await c.post('/fingerprint-corpora', { name });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as string;
}

const contracts = (corpusId: string) => ({
  name: 'Signed contracts',
  severity: 'high',
  scope: { agent_groups: [] },
  condition: {
    op: 'or',
    nodes: [
      { op: 'fingerprint', corpus_id: corpusId, match: 'normalised' },
      { op: 'fingerprint', corpus_id: corpusId, match: 'partial', min_coverage: 0.4 },
    ],
  },
  response: 'audit',
  change_reason: 'protect the signed supplier contracts',
});

describe('a fingerprint corpus as a package dependency', () => {
  it('is named with its corpus, needs a mapping elsewhere and is rewritten on import', async () => {
    const theirs = await corpus(A, 'Supplier contracts');
    const created = await A.post('/policies', contracts(theirs));
    expect(created.statusCode, created.body).toBe(201);
    const policyId = created.json().policy_id as string;
    const pkg = (await A.get(`/policies/${policyId}/versions/1/package`)).json();
    const dep = pkg.dependencies.find((d: { kind: string }) => d.kind === 'fingerprint_corpus');
    expect(dep).toEqual({
      key: `fingerprint_corpus:${theirs}`,
      kind: 'fingerprint_corpus',
      value: theirs,
      name: 'Supplier contracts',
      paths: ['condition.nodes[0].corpus_id', 'condition.nodes[1].corpus_id'],
    });
    // The same tenant: the corpus resolves to itself.
    const sameAnswer = await A.post('/policy-packages/dry-run', { package: pkg });
    expect(sameAnswer.statusCode, sameAnswer.body).toBe(200);
    const same = sameAnswer.json();
    expect(same.dependencies[0]).toMatchObject({ state: 'exact', resolved_to: theirs });

    // Another tenant: never by id or by name, even with a corpus of the same name.
    const ours = await corpus(B, 'Supplier contracts');
    const bare = (await B.post('/policy-packages/dry-run', { package: pkg })).json();
    expect(bare.dependencies[0]).toMatchObject({ state: 'requires_mapping', resolved_to: null });
    const foreign = await B.post('/policy-packages/import', {
      package: pkg,
      mappings: [{ key: dep.key, to: theirs }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().details).toEqual([expect.objectContaining({ field: 'mappings[0].to' })]);

    const mappings = [{ key: dep.key, to: ours }];
    const imported = await B.post('/policy-packages/import', { package: pkg, mappings });
    expect(imported.statusCode, imported.body).toBe(201);
    const versions = (await B.get(`/policies/${imported.json().id}/versions`)).json();
    const nodes = versions[0].condition.nodes as { corpus_id: string }[];
    expect(nodes.map((n) => n.corpus_id)).toEqual([ours, ours]);
  });
});
