import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getLatestBundle } from '../../src/modules/bundles/public.js';
import { createTestApp, type SignedIn, signInAs, type TestContext } from '../helpers/index.js';
import { prose } from './prose.js';

/**
 * A corpus reaches endpoints only through a published policy's fingerprint condition
 * (docs/fingerprints.md): write-time checks, the bundle, recompiling on a build, simulation, and
 * the withdrawal (`DELETE /fingerprint-corpora/{id}`).
 */
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const CONTRACT = `Quillfeather ${prose(11, 60)}`;

let ctx: TestContext;
let owner: SignedIn;
beforeEach(async () => {
  ctx = await createTestApp();
  owner = await signInAs(ctx, { role: 'owner' });
});
afterEach(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, who: SignedIn = owner) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who.headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function corpus(name: string, texts: string[] = [], who: SignedIn = owner): Promise<string> {
  const r = await call('POST', '/fingerprint-corpora', { name }, who);
  expect(r.statusCode).toBe(201);
  const id = r.json().id as string;
  if (texts.length > 0) {
    const built = await call(
      'POST',
      `/fingerprint-corpora/${id}/build`,
      { documents: texts.map((t) => ({ content_base64: b64(t) })) },
      who,
    );
    expect(built.statusCode).toBe(200);
  }
  return id;
}

const draft = (condition: Record<string, unknown>) => ({
  name: 'Signed contracts',
  severity: 'high',
  scope: { agent_groups: ['Legal'] },
  condition,
  response: 'audit',
  change_reason: 'protect the signed supplier contracts',
});

async function publishedPolicy(corpusId: string, match = 'normalised'): Promise<string> {
  const created = await call('POST', '/policies', draft({ op: 'fingerprint', corpus_id: corpusId, match }));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().policy_id as string;
  const r = await call('POST', `/policies/${id}/versions/1/publish`);
  expect(r.json().status).toBe('published');
  return id;
}

async function shipped(): Promise<{ version: number; payload: Record<string, unknown> }> {
  const latest = await getLatestBundle(ctx.db, owner.tenantId);
  const env = latest?.envelope as { payload_b64: string };
  return {
    version: latest?.version ?? 0,
    payload: JSON.parse(Buffer.from(env.payload_b64, 'base64').toString()),
  };
}

const simulate = async (text: string) =>
  (await call('POST', '/policies/simulate', { text, channel: 'file_create', agent_group: 'Legal' })).json();

describe('fingerprint conditions in policies', () => {
  it('refuses an unknown corpus, another tenant’s corpus and bad fields by field path', async () => {
    const stranger = await signInAs(ctx, { role: 'owner' });
    const theirs = await corpus('Theirs', [CONTRACT], stranger);
    for (const [condition, field] of [
      [{ op: 'fingerprint', corpus_id: theirs, match: 'exact' }, 'condition.corpus_id'],
      [
        {
          op: 'or',
          nodes: [
            { op: 'always' },
            { op: 'fingerprint', corpus_id: '00000000-0000-4000-8000-000000000000', match: 'partial' },
          ],
        },
        'condition.nodes[1].corpus_id',
      ],
      [{ op: 'fingerprint', corpus_id: theirs, match: 'fuzzy' }, 'condition.match'],
      [{ op: 'fingerprint', corpus_id: theirs, match: 'exact', min_coverage: 0 }, 'condition.min_coverage'],
      [{ op: 'fingerprint', match: 'exact' }, 'condition.corpus_id'],
    ] as const) {
      const r = await call('POST', '/policies', draft(condition));
      expect(r.statusCode).toBe(422);
      expect(r.json().details.map((d: { field: string }) => d.field)).toContain(field);
      // The answer names the field, never the id that was sent.
      expect(r.body).not.toContain(theirs);
    }
    expect((await call('GET', '/policies')).json()).toEqual([]);
  });

  it('ships only corpora a published policy names, and a build recompiles the bundle', async () => {
    const used = await corpus('Contracts', [CONTRACT]);
    await corpus('Unused', [prose(12, 40)]);
    const policyId = await publishedPolicy(used);
    // The stored condition reads back whole (the closed response schema lists the node's fields).
    const read = (await call('GET', `/policies/${policyId}/versions`)).json();
    expect(JSON.stringify(read)).toContain(`"corpus_id":"${used}","match":"normalised"`);
    const first = await shipped();
    const corpora = first.payload['fingerprint_corpora'] as { corpus_id: string; version: number }[];
    expect(corpora.map((c) => [c.corpus_id, c.version])).toEqual([[used, 1]]);
    expect(first.payload['required_capabilities']).toContain('fingerprint_corpora');
    expect(JSON.stringify(first.payload)).not.toContain('Quillfeather');

    const built = await call('POST', `/fingerprint-corpora/${used}/build`, {
      mode: 'add',
      documents: [{ content_base64: b64(prose(13, 50)) }],
    });
    expect(built.json().bundle_version).toBe(first.version + 1);
    const second = await shipped();
    expect(second.version).toBe(first.version + 1);
    expect((second.payload['fingerprint_corpora'] as { version: number }[])[0]).toMatchObject({
      version: 2,
      document_count: 2,
    });
    // A corpus no published policy names: building it compiles nothing.
    const other = (await call('GET', '/fingerprint-corpora'))
      .json()
      .items.find((c: { name: string }) => c.name === 'Unused');
    const quiet = await call('POST', `/fingerprint-corpora/${other.id}/build`, {
      documents: [{ content_base64: b64(prose(14, 40)) }],
    });
    expect(quiet.json().bundle_version).toBeNull();
    expect((await shipped()).version).toBe(second.version);
  });

  it('simulation matches a recased copy with the endpoint code and explains it; unrelated text does not', async () => {
    const id = await corpus('Contracts', [CONTRACT]);
    const policyId = await publishedPolicy(id);
    const hit = await simulate(CONTRACT.toUpperCase());
    expect(hit.outcome).toBe('action');
    expect(hit.decided_by_policy_id).toBe(policyId);
    expect(hit.matched_policies[0].evidence).toEqual([
      expect.objectContaining({
        op: 'fingerprint',
        value: 'true',
        code: 'fingerprint.matched_normalised',
        corpus_id: id,
        corpus_version: 1,
        coverage: 1,
      }),
    ]);
    const miss = await simulate(prose(40, 60));
    expect(miss.outcome).toBe('no_match');
    expect(miss.not_matched).toEqual([
      expect.objectContaining({ policy_id: policyId, code: 'condition.false' }),
    ]);
    const short = await simulate('too few words here');
    expect(short.not_matched).toEqual([
      expect.objectContaining({ policy_id: policyId, code: 'condition.not_evaluated' }),
    ]);
  });

  it('a delete is refused until every published policy using the corpus is acknowledged, then withdraws it', async () => {
    const id = await corpus('Contracts', [CONTRACT]);
    await call('POST', `/fingerprint-corpora/${id}/build`, {
      documents: [{ content_base64: b64(CONTRACT) }],
    });
    const policyId = await publishedPolicy(id);
    const before = await shipped();

    const refused = await call('DELETE', `/fingerprint-corpora/${id}`, { reason: 'contracts expired' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'fingerprint_corpus.in_use',
      details: [{ field: 'acknowledged_policy_ids', message: policyId }],
    });
    const wrong = await call('DELETE', `/fingerprint-corpora/${id}`, {
      reason: 'contracts expired',
      acknowledged_policy_ids: ['someone-else'],
    });
    expect(wrong.statusCode).toBe(409);
    expect((await call('GET', `/fingerprint-corpora/${id}`)).statusCode).toBe(200);
    expect((await shipped()).version).toBe(before.version);
    expect((await call('DELETE', `/fingerprint-corpora/${id}`, {})).statusCode).toBe(422);

    const stranger = await signInAs(ctx, { role: 'owner' });
    const foreign = await call(
      'DELETE',
      `/fingerprint-corpora/${id}`,
      { reason: 'not mine to delete', acknowledged_policy_ids: [policyId] },
      stranger,
    );
    expect(foreign.statusCode).toBe(404);

    const done = await call('DELETE', `/fingerprint-corpora/${id}`, {
      reason: 'contracts expired',
      acknowledged_policy_ids: [policyId],
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      id,
      versions_removed: 2,
      bundle_version: before.version + 1,
      policy_ids: [policyId],
    });
    expect((await call('GET', `/fingerprint-corpora/${id}`)).statusCode).toBe(404);
    expect(
      await ctx.db
        .selectFrom('fingerprint_corpus_versions')
        .selectAll()
        .where('corpus_id', '=', id)
        .execute(),
    ).toEqual([]);
    const after = await shipped();
    expect(after.version).toBe(before.version + 1);
    expect(after.payload['fingerprint_corpora']).toBeUndefined();
    const audit = await ctx.db
      .selectFrom('audit_events')
      .select(['action', 'metadata'])
      .where('action', '=', 'fingerprint_corpus.deleted')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.metadata as string)).toMatchObject({
      reason: 'contracts expired',
      versions_removed: 2,
      acknowledged_policy_ids: [policyId],
    });
    // The published policy stays; its fingerprint part can no longer match anywhere.
    const sim = await simulate(CONTRACT);
    expect(sim.outcome).toBe('no_match');
    // A new version naming the withdrawn corpus is refused by field.
    const again = await call(
      'POST',
      '/policies',
      draft({ op: 'fingerprint', corpus_id: id, match: 'exact' }),
    );
    expect(again.statusCode).toBe(422);
  });

  it('an unused corpus is deleted without acknowledgement and compiles nothing; its drafts cannot publish', async () => {
    const id = await corpus('Drafts', [CONTRACT]);
    const created = await call(
      'POST',
      '/policies',
      draft({ op: 'fingerprint', corpus_id: id, match: 'exact' }),
    );
    expect(created.statusCode).toBe(201);
    const r = await call('DELETE', `/fingerprint-corpora/${id}`, { reason: 'never used' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ versions_removed: 1, bundle_version: null, policy_ids: [] });
    // A draft is not an acknowledged use: it never reached an endpoint, and it cannot publish now.
    const publish = await call('POST', `/policies/${created.json().policy_id}/versions/1/publish`);
    expect(publish.statusCode).toBe(422);
    expect(publish.json().details.map((d: { field: string }) => d.field)).toContain('condition.corpus_id');
    const viewer = await signInAs(ctx, { role: 'viewer', tenant: owner.tenantSlug });
    const other = await corpus('Other');
    expect(
      (await call('DELETE', `/fingerprint-corpora/${other}`, { reason: 'not allowed' }, viewer)).statusCode,
    ).toBe(403);
  });
});
