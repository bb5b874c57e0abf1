import { noticeReference } from '@custos/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enrolDevice } from '../agents/agent-harness.js';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { scopedAnalyst } from '../incidents/misc-scope.js';
import { startTriage, type Triage } from '../incidents/triage-harness.js';

/**
 * Document 2, Search (docs/search.md): `GET /search?q=` returns `{query, hits, not_searched}`, a hit
 * is exactly `{kind, id, label, detail, at}`, at most five per kind, a kind the caller may not read
 * is never queried and is named in `not_searched`, `q` is a literal of 2 to 100 characters, incident
 * hits carry no titles, file names or matched values, and the text is never audited.
 */
let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

interface Hit {
  kind: string;
  id: string;
  label: string;
  detail: string | null;
  at: string | null;
}
interface Answer {
  query: string;
  hits: Hit[];
  not_searched: string[];
}

async function search(q: string, who?: SignedIn): Promise<Answer> {
  const r = await t.call('GET', `/search?q=${encodeURIComponent(q)}`, who);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Answer;
}
const ofKind = (a: Answer, kind: string) => a.hits.filter((h) => h.kind === kind);

async function metric(name: string, kind?: string): Promise<number> {
  const m = await t.h.ctx.app.deps.metrics.registry.getSingleMetric(name)?.get();
  const v = m?.values.find((x) => (kind === undefined ? true : x.labels.kind === kind));
  return v?.value ?? 0;
}

describe('GET /search', () => {
  it('finds an incident and its endpoint by the start of the host name; hits have exactly five fields', async () => {
    const lab = await enrolDevice(t.h, 'ed25519', { hostname: 'lab-77' });
    const id = await t.one('carol', lab, { hostname: 'lab-77' });
    await t.one('bob');
    const a = await search('LAB-7');
    expect(a.query).toBe('LAB-7');
    expect(a.not_searched).toEqual([]);
    expect(ofKind(a, 'incident').map((h) => h.id)).toEqual([id]);
    expect(ofKind(a, 'endpoint').map((h) => h.id)).toEqual([lab.deviceId]);
    for (const h of a.hits) expect(Object.keys(h).sort()).toEqual(['at', 'detail', 'id', 'kind', 'label']);
    const reference = (await t.call('GET', `/incidents/${id}`)).json().reference as string;
    expect(ofKind(a, 'incident')[0]).toMatchObject({ label: reference });
    expect(ofKind(await search(reference), 'incident').map((h) => h.id)).toEqual([id]);
    expect(ofKind(await search(reference.toLowerCase()), 'incident').map((h) => h.id)).toEqual([id]);
  });

  it('by user name and by the six-character notice reference a person saw', async () => {
    const hers = await t.one('carol');
    await t.one('bob');
    expect(ofKind(await search('caro'), 'incident').map((h) => h.id)).toEqual([hers]);
    const eventId = '7f3c2a10-1111-4000-8000-000000000001';
    const shown = noticeReference(eventId);
    const noticed = await t.one('dave', t.d, {
      event_id: eventId,
      action: 'inform',
      person_prompt: { kind: 'notice', held: false, asked: true, result: 'shown', notice_reference: shown },
    });
    const found = ofKind(await search(shown.toLowerCase()), 'incident').map((h) => h.id);
    expect(found).toEqual([noticed]);
  });

  it('never carries an incident title, file name or matched value, and does not match on them', async () => {
    const id = await t.one('carol', t.d, { path: '/srv/share/payroll-q3.xlsx', content: 'secret-4111' });
    const detail = (await t.call('GET', `/incidents/${id}`)).json();
    const a = await search(detail.hostname as string);
    const hit = ofKind(a, 'incident').find((h) => h.id === id)!;
    const text = JSON.stringify(hit);
    expect(text).not.toContain(detail.title);
    expect(text).not.toContain('payroll');
    expect(text).not.toContain('4111');
    expect(ofKind(await search('payroll-q3'), 'incident')).toEqual([]);
    expect(ofKind(await search(detail.title as string), 'incident')).toEqual([]);
  });

  it('at most five hits per kind', async () => {
    await t.raise(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    for (let i = 0; i < 6; i += 1) await enrolDevice(t.h, 'ed25519', { hostname: `fleet-${i}` });
    const a = await search('fleet-');
    expect(ofKind(a, 'endpoint')).toHaveLength(5);
    const host = (await t.call('GET', '/incidents?limit=1')).json().items[0].hostname as string;
    expect(ofKind(await search(host), 'incident')).toHaveLength(5);
  });

  it('a kind the caller may not read is never queried and is named in not_searched', async () => {
    await t.one('carol');
    const viewer = await signInAs(t.h.ctx, { role: 'viewer', tenant: t.h.owner.tenantSlug });
    const before = await metric('svc_search_kind_queries_total', 'incident');
    const a = await search('carol', viewer);
    expect(a.not_searched).toEqual([
      'incident',
      'exception_request',
      'user',
      'edm_dataset',
      'discovery_scan',
    ]);
    expect(ofKind(a, 'incident')).toEqual([]);
    expect(await metric('svc_search_kind_queries_total', 'incident')).toBe(before);
    expect(await metric('svc_search_kind_not_searched_total', 'incident')).toBe(1);
    const analyst = await signInAs(t.h.ctx, { role: 'security_analyst', tenant: t.h.owner.tenantSlug });
    expect((await search('carol', analyst)).not_searched).toEqual(['user']);
  });

  it('users only with users:write', async () => {
    const person = await signInAs(t.h.ctx, {
      role: 'auditor',
      tenant: t.h.owner.tenantSlug,
      email: 'zelda.quist@example.com',
    });
    expect(ofKind(await search('zelda.q'), 'user').map((h) => h.id)).toEqual([person.userId]);
    expect((await search('zelda.q', person)).not_searched).toContain('user');
  });

  it('policies, classifications, fingerprint corpora and detectors by name', async () => {
    const p = await t.call('POST', '/policies', undefined, {
      name: 'Quarterly payroll guard',
      severity: 'high',
      scope: { channels: ['removable_storage'] },
      condition: { op: 'detector', detector_id: 'payment_card', min_matches: 1 },
      response: 'audit',
      change_reason: 'search test',
    });
    expect(p.statusCode, p.body).toBe(201);
    const c = await t.call('POST', '/classifications', undefined, {
      classification_id: 'payroll_docs',
      name: 'Payroll documents',
      rules: [
        {
          rule_id: 'r1',
          name: 'cards',
          elements: [
            {
              element_id: 'e1',
              detector_id: 'payment_card',
              min_matches: 1,
              min_confidence: 0,
              require_validated: true,
            },
          ],
        },
      ],
    });
    expect(c.statusCode, c.body).toBe(201);
    const f = await t.call('POST', '/fingerprint-corpora', undefined, { name: 'Payroll templates' });
    expect(f.statusCode, f.body).toBe(201);
    const a = await search('payroll');
    expect(ofKind(a, 'policy').map((h) => h.label)).toEqual(['Quarterly payroll guard']);
    expect(ofKind(a, 'classification').map((h) => h.label)).toEqual(['Payroll documents']);
    expect(ofKind(a, 'fingerprint_corpus').map((h) => h.label)).toEqual(['Payroll templates']);
    expect(ofKind(await search('payment_card'), 'detector').map((h) => h.id)).toContain('payment_card');
  });

  it('a role scoped to endpoint groups finds only its groups’ incidents', async () => {
    const { scoped, inside, stranger } = await scopedAnalyst(t);
    const mine = await t.one('carol', inside);
    await t.one('carol');
    expect(ofKind(await search('carol', scoped), 'incident').map((h) => h.id)).toEqual([mine]);
    expect(ofKind(await search('carol'), 'incident')).toHaveLength(2);
    expect(ofKind(await search('carol', stranger), 'incident')).toEqual([]);
  });

  it('names hidden: the user name is neither searched nor shown', async () => {
    const hers = await t.one('carol');
    expect(ofKind(await search('carol'), 'incident')[0]?.detail).toContain('carol');
    const set = await t.call('POST', '/settings/incident-names', undefined, {
      names_hidden: true,
      reason: 'Works council agreement',
    });
    expect(set.statusCode).toBe(200);
    expect(ofKind(await search('carol'), 'incident')).toEqual([]);
    const host = (await t.call('GET', `/incidents/${hers}`)).json().hostname as string;
    const hit = ofKind(await search(host), 'incident')[0]!;
    expect(hit.id).toBe(hers);
    expect(hit.detail).not.toContain('carol');
  });

  it('q is a literal of 2 to 100 characters without control characters (422 naming q)', async () => {
    for (const q of ['', 'a', ' a ', 'x'.repeat(101), 'ab\u0007c']) {
      const r = await t.call('GET', `/search?q=${encodeURIComponent(q)}`);
      expect(r.statusCode, q).toBe(422);
      expect(r.json().details.map((d: { field: string }) => d.field)).toEqual(['q']);
      expect(r.body).not.toContain('xxxxxxxx');
    }
    expect((await t.call('GET', '/search')).statusCode).toBe(422);
    await t.one('carol');
    expect(ofKind(await search('%%'), 'incident')).toEqual([]);
    expect(ofKind(await search('c%'), 'incident')).toEqual([]);
    expect((await search('x'.repeat(100))).hits).toEqual([]);
  });

  it('is never audited; the request metrics count it', async () => {
    await t.one('carol');
    const before = await t.h.ctx.db.selectFrom('audit_events').select('id').execute();
    const requests = await metric('svc_search_requests_total');
    await search('carol');
    const after = await t.h.ctx.db.selectFrom('audit_events').selectAll().execute();
    expect(after).toHaveLength(before.length);
    expect(JSON.stringify(after)).not.toContain('carol'.toUpperCase());
    expect(await metric('svc_search_requests_total')).toBe(requests + 1);
    expect(await metric('svc_search_kind_hits_total', 'incident')).toBeGreaterThanOrEqual(1);
    expect(await metric('svc_search_duration_seconds_max')).toBeGreaterThan(0);
    const text = await t.h.ctx.app.deps.metrics.registry.metrics();
    expect(text).toContain('svc_search_duration_seconds_sum');
    expect(text).not.toContain('carol');
  });
});
