import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/http/principal.js';
import '../../src/modules/incidents/links-tables.js';
import { enrolDevice } from '../agents/agent-harness.js';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { auditActions, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const inTenant = () => ({ tenant: t.h.owner.tenantSlug });
const link = (id: string, payload: Record<string, unknown>, who: SignedIn = t.h.owner) =>
  t.call('POST', `/incidents/${id}/links`, who, payload);
const unlink = (id: string, related: string, reason: string | undefined, who: SignedIn = t.h.owner) =>
  t.h.ctx.app.inject({
    method: 'DELETE',
    url: `/api/v1/incidents/${id}/links/${related}${reason === undefined ? '' : `?reason=${encodeURIComponent(reason)}`}`,
    headers: who.headers,
  });
const detail = async (id: string, who: SignedIn = t.h.owner) =>
  (await t.call('GET', `/incidents/${id}`, who)).json();
const reference = async (id: string) => (await detail(id)).reference as string;

describe('POST /incidents/{id}/links', () => {
  it('links by reference (201), undirected and stored once, shows on both details with history and audit', async () => {
    const [a, b] = await t.raise(['alice', 'bob']);
    const refB = await reference(b!);
    const refA = await reference(a!);
    const r = await link(a!, { related: refB.toLowerCase(), note: '  Same share, same week.  ' });
    expect(r.statusCode).toBe(201);
    const linked = {
      id: b,
      reference: refB,
      title: expect.any(String),
      severity: 'high',
      status: 'new',
      note: 'Same share, same week.',
      linked_at: '2026-01-20T09:00:01.000Z',
      linked_by_email: t.h.owner.email,
    };
    expect(r.json()).toEqual({ id: a, reference: refA, row_version: 2, related: [linked] });
    // Seen from the other side: the same link, once.
    const fromB = await detail(b!);
    expect(fromB.related).toEqual([{ ...linked, id: a, reference: refA }]);
    expect(fromB.row_version).toBe(2);
    expect(await t.h.ctx.db.selectFrom('incident_links').selectAll().execute()).toHaveLength(1);
    // B–A is the same link as A–B.
    const again = await link(b!, { related: a });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('incident.already_linked');
    // A refusal changes nothing: no version, history line or audit entry more.
    expect((await detail(a!)).row_version).toBe(2);
    expect((await detail(b!)).history_total).toBe(1);
    for (const [self, other] of [
      [a!, refB],
      [b!, refA],
    ] as const) {
      const h = (await detail(self)).history[0];
      expect(h).toMatchObject({ kind: 'link', from: null, to: other, note: 'Same share, same week.' });
      expect(h.actor_email).toBe(t.h.owner.email);
      expect(await auditActions(t, self)).toEqual(['incident.linked']);
    }
    const audit = await t.h.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'incident.linked')
      .execute();
    for (const e of audit) expect(e.metadata).not.toContain('Same share');
  });

  it('refuses a link to itself, a malformed or over-long body by field; nothing changes', async () => {
    const [a] = await t.raise(['alice']);
    const cases: [Record<string, unknown>, string][] = [
      [{ related: a }, 'related'],
      [{ related: await reference(a!) }, 'related'],
      [{ related: 'INC-' }, 'related'],
      [{ related: 'INV-12' }, 'related'],
      [{}, 'related'],
      [{ related: 'INC-99', note: 'n'.repeat(501) }, 'note'],
      [{ related: 'INC-99', note: 'ok\u202Eevil' }, 'note'],
    ];
    for (const [body, field] of cases) {
      const r = await link(a!, body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(r.json().details[0].field).toBe(field);
    }
    expect((await detail(a!)).row_version).toBe(1);
    expect(await auditActions(t, a!)).toEqual([]);
  });

  it('a missing related incident is 404 like a missing incident; needs incidents:write', async () => {
    const [a, b] = await t.raise(['alice', 'bob']);
    const byRef = await link(a!, { related: 'INC-999999' });
    const byId = await link(a!, { related: randomUUID() });
    const missingSelf = await link(randomUUID(), { related: b });
    for (const r of [byRef, byId, missingSelf]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual(missingSelf.json());
    }
    const auditor = await signInAs(t.h.ctx, { role: 'auditor', ...inTenant() });
    const r = await link(a!, { related: b }, auditor);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toContain('incidents:write');
    expect((await unlink(a!, b!, 'not related at all', auditor)).statusCode).toBe(403);
    const anonymous = await t.h.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/incidents/${a}/links`,
      payload: { related: b },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('an incident holds at most 50 links: the 51st is 409 incident.link_limit on either side', async () => {
    const ids = await t.raise(Array.from({ length: 52 }, (_, i) => `p${i}`));
    const [hub, spare, ...rest] = ids as [string, string, ...string[]];
    for (const other of rest.slice(0, 50)) expect((await link(hub, { related: other })).statusCode).toBe(201);
    const full = await link(hub, { related: spare });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('incident.link_limit');
    const otherSide = await link(spare, { related: hub });
    expect(otherSide.json().code).toBe('incident.link_limit');
    expect((await detail(hub)).related).toHaveLength(50);
    expect(await detail(spare)).toMatchObject({ related: [], row_version: 1, history_total: 0 });
  });
  it('links to and from a closed incident (a closed case is a precedent)', async () => {
    const [a, b] = await t.raise(['alice', 'bob']);
    const closed = await t.call('POST', `/incidents/${b}/status`, t.h.owner, {
      status: 'closed',
      disposition: 'benign',
      resolution: 'Confirmed with the person and their manager.',
    });
    expect(closed.statusCode).toBe(200);
    expect((await link(b!, { related: a })).statusCode).toBe(201);
    expect((await unlink(a!, b!, 'wrong precedent')).statusCode).toBe(200);
  });
});

describe('DELETE /incidents/{id}/links/{related_id}', () => {
  it('removes the link from either side with a reason (history on both, audited without the text)', async () => {
    const [a, b] = await t.raise(['alice', 'bob']);
    await link(a!, { related: b });
    t.h.ctx.clock.advance(60_000);
    const r = await unlink(b!, a!, '  Different people after all.  ');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id: b, row_version: 3, related: [] });
    expect((await detail(a!)).related).toEqual([]);
    expect(await t.h.ctx.db.selectFrom('incident_links').selectAll().execute()).toHaveLength(0);
    for (const [self, other] of [
      [a!, b!],
      [b!, a!],
    ] as const) {
      const h = (await detail(self)).history[0];
      expect(h).toMatchObject({
        kind: 'unlink',
        from: await reference(other),
        to: null,
        note: 'Different people after all.',
        at: '2026-01-20T09:01:01.000Z',
      });
      expect(await auditActions(t, self)).toEqual(['incident.linked', 'incident.unlinked']);
    }
    const audit = await t.h.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('action', '=', 'incident.unlinked')
      .execute();
    for (const e of audit) expect(e.metadata).not.toContain('Different');
    // Unlinked pairs may be linked again; an unlinked pair is 404 on removal.
    expect((await unlink(a!, b!, 'again, for the record')).statusCode).toBe(404);
    expect((await link(b!, { related: await reference(a!) })).statusCode).toBe(201);
    expect((await unlink(a!, await reference(b!), 'by reference works too')).statusCode).toBe(200);
  });

  it('needs a reason of 5-500 characters (422 on reason) and changes nothing without one', async () => {
    const [a, b] = await t.raise(['alice', 'bob']);
    await link(a!, { related: b });
    for (const reason of [undefined, '', '    ', '        ', 'abcd', 'r'.repeat(501), 'bad\u0007reason']) {
      const r = await unlink(a!, b!, reason);
      expect(r.statusCode, String(reason).slice(0, 10)).toBe(422);
      expect(r.json().details[0].field).toBe('reason');
    }
    expect((await detail(a!)).related).toHaveLength(1);
    const bad = await unlink(a!, 'not-an-incident', 'a fine reason');
    // A path parameter that fails its schema is 400 request.malformed (docs/errors.md).
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('request.malformed');
  });
});

describe('visibility', () => {
  it("another tenant's and an out-of-scope incident are the identical 404 on both sides; related hides them", async () => {
    const g = await t.call('POST', '/agent-groups', t.h.owner, { name: 'Finance' });
    const finance = await enrolDevice(t.h, 'ed25519', { agent_group: 'Finance' });
    const outside = await t.one('alice');
    const [inside, inside2] = await t.raise(['bob', 'carol'], finance);
    const scoped = await signInAs(t.h.ctx, { role: 'security_analyst', ...inTenant() });
    const session = t.h.ctx.app.auth.authenticators[0]!;
    t.h.ctx.app.auth.authenticators.unshift(async (credential, request, services) => {
      if (credential.value !== scoped.token) return null;
      const p: Principal | null = await session(credential, request, services);
      return p ? { ...p, incidentScope: [g.json().id] } : null;
    });
    const stranger = await signInAs(t.h.ctx, { role: 'owner' });
    const missing = (await link(randomUUID(), { related: inside })).json();
    const answers = [
      await link(inside!, { related: outside }, scoped),
      await link(inside!, { related: await reference(outside) }, scoped),
      await link(outside, { related: inside }, scoped),
      await link(inside!, { related: inside2 }, stranger),
      await unlink(inside!, outside, 'not the same case', scoped),
      await unlink(inside!, inside2!, 'not the same case', stranger),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBe(404);
      expect(a.json()).toEqual(missing);
    }
    expect(await t.h.ctx.db.selectFrom('incident_links').selectAll().execute()).toHaveLength(0);
    // The owner links across groups; the scoped analyst's detail leaves the outside one out.
    expect((await link(inside!, { related: outside })).statusCode).toBe(201);
    expect((await link(inside!, { related: inside2 }, scoped)).statusCode).toBe(201);
    expect((await detail(inside!)).related).toHaveLength(2);
    expect((await detail(inside!, scoped)).related.map((r: { id: string }) => r.id)).toEqual([inside2]);
  });
});
