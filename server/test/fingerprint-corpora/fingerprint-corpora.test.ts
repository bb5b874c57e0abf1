import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, signInAs, type TestContext } from '../helpers/index.js';
import { prose } from './prose.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const CONTRACT = `Zanzibarite ${prose(1, 60)}`;
const OTHER = prose(2, 60);

let ctx: TestContext;
let owner: SignedIn;
beforeEach(async () => {
  ctx = await createTestApp();
  owner = await signInAs(ctx, { role: 'owner' });
});
afterEach(async () => ctx.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, who: SignedIn = owner) =>
  ctx.app.inject({
    method,
    url: `/api/v1/fingerprint-corpora${url}`,
    headers: who.headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function corpus(name = 'Contracts'): Promise<string> {
  const r = await call('POST', '', { name, description: 'signed supplier contracts' });
  expect(r.statusCode).toBe(201);
  return r.json().id as string;
}

describe('fingerprint corpora', () => {
  it('creates, lists and reads a corpus; a clashing name is 409 and changes nothing', async () => {
    const id = await corpus();
    const shown = (await call('GET', `/${id}`)).json();
    expect(shown).toMatchObject({
      id,
      name: 'Contracts',
      window: 8,
      winnow: 8,
      version: 0,
      document_count: 0,
    });
    const clash = await call('POST', '', { name: ' contracts ' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'fingerprint_corpus.name_taken',
      details: [{ field: 'name' }],
    });
    expect((await call('GET', '')).json().items).toHaveLength(1);
    const audit = await ctx.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', 'like', 'fingerprint%')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['fingerprint_corpus.created']);
  });

  it('refuses settings out of range by field, and another tenant sees 404', async () => {
    for (const [body, field] of [
      [{ name: 'A', window: 3 }, 'window'],
      [{ name: 'A', winnow: 33 }, 'winnow'],
      [{ name: '' }, 'name'],
      [{ name: 'A\u202eB' }, 'name'],
    ] as const) {
      const r = await call('POST', '', body);
      expect(r.statusCode).toBe(422);
      expect(r.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const id = await corpus();
    const stranger = await signInAs(ctx, { role: 'owner' });
    expect((await call('GET', `/${id}`, undefined, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/${id}/probe`, { text: CONTRACT }, stranger)).statusCode).toBe(404);
    expect((await call('GET', '', undefined, stranger)).json().items).toEqual([]);
    const viewer = await signInAs(ctx, { role: 'viewer', tenant: owner.tenantSlug });
    expect((await call('POST', '', { name: 'Other' }, viewer)).statusCode).toBe(403);
    expect(
      (await call('POST', `/${id}/build`, { documents: [{ content_base64: b64(CONTRACT) }] }, viewer))
        .statusCode,
    ).toBe(403);
  });

  it('builds versions from files, keeping no text, and answers each file by position', async () => {
    const id = await corpus();
    const r = await call('POST', `/${id}/build`, {
      documents: [{ content_base64: b64(CONTRACT) }, { content_base64: b64('far too short') }],
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().documents).toEqual([{ status: 'kept' }, { status: 'too_short' }]);
    expect(r.json().corpus).toMatchObject({ version: 1, document_count: 1, too_short_count: 1 });
    expect(r.json().corpus.fingerprint_count).toBeGreaterThan(0);
    const added = await call('POST', `/${id}/build`, {
      mode: 'add',
      documents: [{ content_base64: b64(OTHER) }],
    });
    expect(added.json().corpus).toMatchObject({ version: 2, document_count: 2, too_short_count: 1 });
    const replaced = await call('POST', `/${id}/build`, { documents: [{ content_base64: b64(OTHER) }] });
    expect(replaced.json().corpus).toMatchObject({ version: 3, document_count: 1, too_short_count: 0 });
    // The source text is nowhere in the database.
    const rows = JSON.stringify([
      await ctx.db.selectFrom('fingerprint_corpus_versions').selectAll().execute(),
      await ctx.db.selectFrom('audit_events').selectAll().execute(),
    ]);
    expect(rows).not.toContain('Zanzibarite');
    expect(rows).not.toContain(b64(CONTRACT).slice(0, 40));
  });

  it('refuses a file that is not UTF-8 text by position, and builds nothing', async () => {
    const id = await corpus();
    const r = await call('POST', `/${id}/build`, {
      documents: [
        { content_base64: b64(CONTRACT) },
        { content_base64: Buffer.from([0xff, 0xfe, 0x00, 0xd8]).toString('base64') },
      ],
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().details).toEqual([{ field: 'documents[1].content_base64', message: 'not UTF-8 text' }]);
    expect((await call('GET', `/${id}`)).json().version).toBe(0);
    expect(await ctx.db.selectFrom('fingerprint_corpus_versions').selectAll().execute()).toEqual([]);
  });

  it('keeps the newest five versions', async () => {
    const id = await corpus();
    for (let i = 0; i < 7; i += 1)
      await call('POST', `/${id}/build`, { documents: [{ content_base64: b64(prose(i, 20)) }] });
    const versions = await ctx.db
      .selectFrom('fingerprint_corpus_versions')
      .select('version')
      .orderBy('version')
      .execute();
    expect(versions.map((v) => v.version)).toEqual([3, 4, 5, 6, 7]);
  });

  it('probes with the three kinds: exact copy, changed case, pasted paragraph, too short', async () => {
    const id = await corpus();
    const unbuilt = (await call('POST', `/${id}/probe`, { text: CONTRACT })).json();
    expect(unbuilt.kinds.map((k: { result: string }) => k.result)).toEqual([
      'no_match',
      'no_match',
      'no_match',
    ]);
    await call('POST', `/${id}/build`, {
      documents: [{ content_base64: b64(CONTRACT) }, { content_base64: b64(OTHER) }],
    });
    const results = async (text: string) =>
      Object.fromEntries(
        (await call('POST', `/${id}/probe`, { text }))
          .json()
          .kinds.map((k: { kind: string; result: string }) => [k.kind, k.result]),
      );
    expect(await results(CONTRACT)).toEqual({ exact: 'match', normalised: 'match', partial: 'match' });
    expect(await results(CONTRACT.toUpperCase().replaceAll('.', ';'))).toEqual({
      exact: 'no_match',
      normalised: 'match',
      partial: 'match',
    });
    const paragraph = CONTRACT.split('. ').slice(10, 20).join('. ');
    const pasted = `${prose(77, 40)} ${paragraph}. ${prose(78, 40)}`;
    expect(await results(pasted)).toEqual({ exact: 'no_match', normalised: 'no_match', partial: 'match' });
    expect(await results(prose(99, 80))).toEqual({
      exact: 'no_match',
      normalised: 'no_match',
      partial: 'no_match',
    });
    expect(await results('five words are too few')).toEqual({
      exact: 'too_short',
      normalised: 'too_short',
      partial: 'too_short',
    });
    const one = (
      await call('POST', `/${id}/probe`, { text: CONTRACT, kind: 'exact', min_coverage: 1 })
    ).json();
    expect(one).toMatchObject({
      version: 1,
      too_short: false,
      kinds: [{ kind: 'exact', result: 'match', min_coverage: 1, coverage: 1 }],
    });
    expect((await call('POST', `/${id}/probe`, { text: CONTRACT, min_coverage: 0 })).statusCode).toBe(422);
    const audit = JSON.stringify(
      await ctx.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'fingerprint_corpus.probed')
        .execute(),
    );
    expect(audit).not.toContain('Zanzibarite');
  });
});
