import type { BundlePayload } from '@custos/engine';
import { describe, expect, it } from 'vitest';
import { getLatestBundle } from '../../src/modules/bundles/public.js';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { policyApp } from './policy-app.js';

const t = policyApp();

const req = (method: 'GET' | 'POST', url: string, payload?: unknown, who = t.owner) =>
  t.ctx.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload: payload as object });

const rules = (detector = 'payment_card') => [
  {
    rule_id: 'r1',
    name: 'cards',
    elements: [
      { element_id: 'e1', detector_id: detector, min_matches: 1, min_confidence: 0, require_validated: true },
    ],
  },
];

const policy = (coordinate: {
  classification_id: string;
  classification_version: number;
  revision: number;
}) => ({
  name: 'PCI data',
  severity: 'high',
  scope: { channels: ['browser_upload'], agent_groups: ['Finance'] },
  condition: { op: 'classification', ...coordinate },
  response: 'audit',
  change_reason: 'bind the PCI classification',
});

describe('detectors and classifications', () => {
  it('lists built-in and custom detectors; a custom detector gets server versions', async () => {
    const d = await req('POST', '/detectors', {
      id: 'acme_ref',
      category: 'financial',
      pattern: 'ACME-[0-9]{6}',
      confidence: 75,
    });
    expect(d.statusCode).toBe(201);
    expect(d.json().version).toBe(1);
    expect(
      (
        await req('POST', '/detectors', {
          id: 'acme_ref',
          category: 'financial',
          pattern: 'ACME-[0-9]{7}',
          confidence: 75,
        })
      ).json().version,
    ).toBe(2);
    expect(
      (
        await req('POST', '/detectors', {
          id: 'payment_card',
          category: 'financial',
          pattern: 'x[0-9]',
          confidence: 75,
        })
      ).statusCode,
    ).toBe(409);
    const list = (await req('GET', '/detectors')).json().items;
    expect(list.find((x: { id: string }) => x.id === 'payment_card').builtin).toBe(true);
    expect(list.find((x: { id: string }) => x.id === 'acme_ref')).toMatchObject({
      builtin: false,
      version: 2,
    });
  });

  it('ships the exact bound definition and its detectors; refuses stale, disabled, missing and foreign bindings', async () => {
    await req('POST', '/detectors', {
      id: 'acme_ref',
      category: 'financial',
      pattern: 'ACME-[0-9]{6}',
      confidence: 75,
    });
    const c = await req('POST', '/classifications', {
      classification_id: 'pci',
      name: 'PCI',
      rules: rules(),
    });
    expect(c.json()).toMatchObject({ classification_version: 1, revision: 1 });
    const r2 = await req('POST', '/classifications/pci/revisions', { name: 'PCI', rules: rules('acme_ref') });
    expect(r2.json()).toMatchObject({ classification_version: 1, revision: 2 });

    const stale = (
      await req(
        'POST',
        '/policies',
        policy({ classification_id: 'pci', classification_version: 1, revision: 1 }),
      )
    ).json().policy_id;
    const r = await req('POST', `/policies/${stale}/versions/1/publish`);
    expect(r.statusCode).toBe(422);
    expect(r.json().details[0]).toEqual({
      field: 'condition',
      message: 'names a stale classification revision',
    });

    const missing = (
      await req(
        'POST',
        '/policies',
        policy({ classification_id: 'nope', classification_version: 1, revision: 1 }),
      )
    ).json().policy_id;
    expect((await req('POST', `/policies/${missing}/versions/1/publish`)).statusCode).toBe(422);

    const other = await signInAs(t.ctx, { role: 'owner' });
    const foreign = (
      await req(
        'POST',
        '/policies',
        policy({ classification_id: 'pci', classification_version: 1, revision: 2 }),
        other,
      )
    ).json().policy_id;
    expect((await req('POST', `/policies/${foreign}/versions/1/publish`, undefined, other)).statusCode).toBe(
      422,
    );
    // Ids are per tenant (issue 14): the other tenant's own `pci` is a classification of its own.
    const mine = await req(
      'POST',
      '/classifications',
      { classification_id: 'pci', name: 'Mine', rules: rules() },
      other,
    );
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({ classification_id: 'pci', classification_version: 1, revision: 1 });

    const good = (
      await req(
        'POST',
        '/policies',
        policy({ classification_id: 'pci', classification_version: 1, revision: 2 }),
      )
    ).json().policy_id;
    expect((await req('POST', `/policies/${good}/versions/1/publish`)).json().status).toBe('published');
    const env = (await getLatestBundle(t.ctx.db, t.owner.tenantId))?.envelope as { payload_b64: string };
    const payload = JSON.parse(Buffer.from(env.payload_b64, 'base64').toString()) as BundlePayload;
    expect(payload.classifications.map((x) => [x.classification_id, x.revision])).toEqual([['pci', 2]]);
    expect(payload.detectors.map((d) => [d.detector_id, d.builtin])).toEqual([['acme_ref', false]]);

    // A published binding blocks changing or disabling the classification.
    const blocked = await req('POST', '/classifications/pci/revisions', { name: 'PCI', rules: rules() });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('classification.bound');
    expect((await req('POST', '/classifications/pci/enabled', { enabled: false })).statusCode).toBe(409);
  });

  it("keeps ids per tenant: another tenant's id is the identical 404 and never taken (issue 14)", async () => {
    await req('POST', '/classifications', { classification_id: 'hr', name: 'HR', rules: rules() });
    const other = await signInAs(t.ctx, { role: 'owner' });
    const revise = (id: string) =>
      req('POST', `/classifications/${id}/revisions`, { name: 'HR', rules: rules() }, other);
    const enable = (id: string) => req('POST', `/classifications/${id}/enabled`, { enabled: false }, other);
    const [foreign, missing] = [await revise('hr'), await revise('nothing-here')];
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.replace('hr', 'ID')).toBe(missing.body.replace('nothing-here', 'ID'));
    expect((await enable('hr')).body).toBe((await enable('nothing-here')).body);
    // The other tenant takes the same id for itself; the first tenant's classification is untouched.
    expect(
      (
        await req(
          'POST',
          '/classifications',
          { classification_id: 'hr', name: 'People', rules: rules() },
          other,
        )
      ).statusCode,
    ).toBe(201);
    const listed = async (who: SignedIn) =>
      (await req('GET', '/classifications', undefined, who))
        .json()
        .items.map((x: { classification_id?: string; id?: string; name: string; enabled: boolean }) => [
          x.classification_id ?? x.id,
          x.name,
          x.enabled,
        ]);
    expect(await listed(t.owner)).toEqual([['hr', 'HR', true]]);
    expect(await listed(other)).toEqual([['hr', 'People', true]]);
    // Disabling in one tenant leaves the other's state alone.
    expect((await req('POST', '/classifications/hr/enabled', { enabled: false })).statusCode).toBe(200);
    expect(await listed(other)).toEqual([['hr', 'People', true]]);
  });

  it('refuses to publish a binding of a disabled classification', async () => {
    await req('POST', '/classifications', { classification_id: 'hr', name: 'HR', rules: rules() });
    expect((await req('POST', '/classifications/hr/enabled', { enabled: false })).statusCode).toBe(200);
    const id = (
      await req(
        'POST',
        '/policies',
        policy({ classification_id: 'hr', classification_version: 1, revision: 1 }),
      )
    ).json().policy_id;
    const r = await req('POST', `/policies/${id}/versions/1/publish`);
    expect(r.json().details[0].message).toBe('names a disabled classification');
  });
});
