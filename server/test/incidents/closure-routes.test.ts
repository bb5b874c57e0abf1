import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideRequest } from '../../src/modules/incidents/closure-store.js';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { auditActions, RESOLUTION, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
let ann: SignedIn;
let bob: SignedIn;
beforeEach(async () => {
  t = await startTriage();
  const tenant = t.h.owner.tenantSlug;
  ann = await signInAs(t.h.ctx, { role: 'security_analyst', tenant, email: 'ann@example.com' });
  bob = await signInAs(t.h.ctx, { role: 'security_analyst', tenant, email: 'bob@example.com' });
});
afterEach(async () => t.close());

const DAY = 24 * 3_600_000;
const status = (id: string, body: Record<string, unknown>, who = t.h.owner) =>
  t.call('POST', `/incidents/${id}/status`, who, body);
const decide = (id: string, d: 'approve' | 'reject' | 'withdraw', who: SignedIn, payload: unknown = {}) =>
  t.call('POST', `/incidents/${id}/closure/${d}`, who, payload);
const settings = (body: Record<string, unknown>, who = t.h.owner) =>
  t.call('POST', '/settings/incident-closure', who, body);
const ACCEPT = { status: 'accepted_risk', resolution: RESOLUTION, note: 'owner agreed' };

async function critical(person = 'carl'): Promise<string> {
  const policy = t.h.port.addPolicy({ name: 'Source code', severity: 'critical' }).id;
  return t.one(person, t.d, { policy });
}

describe('POST /settings/incident-closure', () => {
  it('needs tenant:manage and both switches; answers the setting; audited with the previous values', async () => {
    expect(
      (await settings({ second_person_accepted_risk: true, second_person_critical: true }, ann)).statusCode,
    ).toBe(403);
    const missing = await settings({ second_person_accepted_risk: true });
    expect([missing.statusCode, missing.json().details[0].field]).toEqual([422, 'second_person_critical']);
    const extra = await settings({ second_person_accepted_risk: true, second_person_critical: false, x: 1 });
    expect(extra.statusCode).toBe(422);
    const r = await settings({ second_person_accepted_risk: true, second_person_critical: false });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      second_person_accepted_risk: true,
      second_person_critical: false,
      updated_at: t.h.ctx.clock.now().toISOString(),
    });
    const row = await t.h.ctx.db
      .selectFrom('audit_events')
      .select(['metadata'])
      .where('action', '=', 'settings.incident_closure_changed')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.metadata)).toMatchObject({
      second_person_accepted_risk: true,
      previous_accepted_risk: false,
    });
  });
});

describe('closes needing a second person', () => {
  it('setting off: an accepted risk closes at once and is listed as a single-person closure', async () => {
    const id = await t.one();
    expect((await status(id, ACCEPT, ann)).statusCode).toBe(200);
    const other = await t.one('dave');
    expect(
      (await status(other, { status: 'closed', disposition: 'benign', resolution: RESOLUTION })).statusCode,
    ).toBe(200);
    const list = await t.call('GET', '/incidents/single-person-closures');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(list.json().items[0]).toMatchObject({
      incident_id: id,
      kind: 'accepted_risk',
      disposition: 'business_need',
      closed_by_email: 'ann@example.com',
    });
  });

  it('accepted risk: 202 pending_close, the incident does not move; a second person approves', async () => {
    await settings({ second_person_accepted_risk: true, second_person_critical: false });
    const id = await t.one();
    const r = await status(id, ACCEPT, ann);
    expect(r.statusCode).toBe(202);
    expect(r.json()).toMatchObject({
      status: 'new',
      pending_close: {
        target: 'accepted_risk',
        from_status: 'new',
        disposition: 'business_need',
        resolution: RESOLUTION,
        accepted_until: null,
        requested_by_email: 'ann@example.com',
        state: 'pending',
      },
    });
    expect((await t.call('GET', `/incidents/${id}`)).json()).toMatchObject({
      status: 'new',
      row_version: 1,
      pending_close: { id: r.json().pending_close.id, state: 'pending' },
    });
    // Another close while one waits: 409, whoever asks.
    const again = await status(id, ACCEPT, bob);
    expect([again.statusCode, again.json().code]).toEqual([409, 'incident.closure_pending']);

    t.h.ctx.clock.advance(30 * 60_000);
    const ok = await decide(id, 'approve', bob, { note: 'agreed' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'closed',
      disposition: 'business_need',
      resolution: RESOLUTION,
      accepted_until: new Date(t.h.ctx.clock.now().getTime() + 90 * DAY).toISOString(),
      close_request: { state: 'approved', decision_note: 'agreed', decided_by_id: expect.any(String) },
    });
    const detail = (await t.call('GET', `/incidents/${id}`)).json();
    // The approval's two lines share one instant (their order between them is not fixed).
    expect(detail.history.map((h: { kind: string; to: string }) => `${h.kind}:${h.to}`).sort()).toEqual([
      'closure:approved',
      'closure:pending',
      'status:closed',
    ]);
    expect(detail.history[2]).toMatchObject({ kind: 'closure', to: 'pending', note: 'owner agreed' });
    expect(await auditActions(t, id)).toEqual(['incident.close_requested', 'incident.close_approved']);
    expect(detail.pending_close).toBeNull();
    // Approved by a second person: not a single-person closure.
    expect((await t.call('GET', '/incidents/single-person-closures')).json().total).toBe(0);
    const gone = await decide(id, 'approve', bob);
    expect([gone.statusCode, gone.json().code]).toEqual([409, 'incident.closure_not_pending']);
  });

  it('critical: every close waits; a sent accepted_until is kept; other severities close at once', async () => {
    await settings({ second_person_accepted_risk: false, second_person_critical: true });
    const crit = await critical();
    const r = await status(crit, { ...ACCEPT, accepted_until: '2026-03-01T00:00:00Z' }, ann);
    expect(r.statusCode).toBe(202);
    expect(r.json().pending_close.accepted_until).toBe('2026-03-01T00:00:00.000Z');
    const ok = await decide(crit, 'approve', bob);
    expect(ok.json()).toMatchObject({ status: 'closed', accepted_until: '2026-03-01T00:00:00.000Z' });
    const crit2 = await critical('erin');
    expect((await status(crit2, { status: 'false_positive', resolution: RESOLUTION }, ann)).statusCode).toBe(
      202,
    );
    const high = await t.one();
    expect((await status(high, ACCEPT, ann)).statusCode).toBe(200);
  });

  it('the asker and the subject cannot approve or reject; only the asker withdraws; refusals audited', async () => {
    await settings({ second_person_accepted_risk: true, second_person_critical: false });
    const id = await t.one('bob');
    expect((await status(id, ACCEPT, ann)).statusCode).toBe(202);
    for (const [d, who] of [
      ['approve', ann],
      ['reject', ann],
      ['approve', bob],
      ['reject', bob],
      ['withdraw', bob],
      ['withdraw', t.h.owner],
    ] as const) {
      const r = await decide(id, d, who);
      expect([d, r.statusCode, r.json().code]).toEqual([d, 403, 'incident.closure_refused']);
    }
    expect((await auditActions(t, id)).filter((a) => a === 'incident.closure_refused')).toHaveLength(6);
    expect((await t.call('GET', `/incidents/${id}`)).json()).toMatchObject({ status: 'new', row_version: 1 });
    const w = await decide(id, 'withdraw', ann, { note: 'asked too early' });
    expect(w.statusCode).toBe(200);
    expect(w.json()).toMatchObject({ status: 'new', close_request: { state: 'withdrawn' } });
    expect(await auditActions(t, id)).toContain('incident.close_withdrawn');
  });

  it('reject leaves the incident where it was; a new close may then be asked', async () => {
    await settings({ second_person_accepted_risk: true, second_person_critical: false });
    const id = await t.one();
    expect((await status(id, { status: 'investigating' })).statusCode).toBe(200);
    expect((await status(id, ACCEPT, ann)).statusCode).toBe(202);
    t.h.ctx.clock.advance(1_000);
    const r = await decide(id, 'reject', bob, { note: 'not a business need' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      status: 'investigating',
      row_version: 2,
      close_request: { state: 'rejected', decision_note: 'not a business need' },
    });
    const h = (await t.call('GET', `/incidents/${id}/history`)).json().items[0];
    expect(h).toMatchObject({
      kind: 'closure',
      from: 'pending',
      to: 'rejected',
      actor_email: 'bob@example.com',
    });
    expect(await auditActions(t, id)).toContain('incident.close_rejected');
    expect((await status(id, ACCEPT, ann)).statusCode).toBe(202);
  });

  it('approving a close the incident has moved on from is 409, even back to the same status', async () => {
    await settings({ second_person_accepted_risk: true, second_person_critical: false });
    const id = await t.one();
    expect((await status(id, { status: 'triaged' })).statusCode).toBe(200);
    expect((await status(id, ACCEPT, ann)).statusCode).toBe(202);
    expect((await status(id, { status: 'investigating' })).statusCode).toBe(200);
    expect((await status(id, { status: 'triaged' })).statusCode).toBe(200);
    const r = await decide(id, 'approve', bob);
    expect([r.statusCode, r.json().code]).toEqual([409, 'incident.closure_stale']);
    expect((await t.call('GET', `/incidents/${id}`)).json().status).toBe('triaged');
    // The asker may still withdraw it.
    expect((await decide(id, 'withdraw', ann)).statusCode).toBe(200);
  });

  it('two deciders at once: one decision lands, the other is 409 and changes nothing', async () => {
    await settings({ second_person_accepted_risk: true, second_person_critical: false });
    const id = await t.one();
    expect((await status(id, ACCEPT, ann)).statusCode).toBe(202);
    const [a, b] = await Promise.all([decide(id, 'approve', bob), decide(id, 'reject', t.h.owner)]);
    const codes = [a, b].map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().code).toBe('incident.closure_not_pending');
    const detail = (await t.call('GET', `/incidents/${id}`)).json();
    expect(detail.status).toBe(a.statusCode === 200 ? 'closed' : 'new');
    const decided = await t.h.ctx.db
      .selectFrom('incident_close_requests')
      .select(['state'])
      .where('incident_id', '=', id)
      .execute();
    expect(decided.map((d) => d.state)).toEqual([a.statusCode === 200 ? 'approved' : 'rejected']);
    // The guard a decision that read the request before the other landed meets inside its transaction.
    const q = await t.h.ctx.db
      .selectFrom('incident_close_requests')
      .select(['id'])
      .where('incident_id', '=', id)
      .executeTakeFirstOrThrow();
    const late = {
      state: 'withdrawn',
      decided_by: 'x',
      decided_at: '2026-01-20T10:00:00.000Z',
      decision_note: null,
    };
    expect(await decideRequest(t.h.ctx.db, q.id, late)).toBe(false);
  });

  it('approving after the asked accepted_until has passed is 409', async () => {
    await settings({ second_person_accepted_risk: true, second_person_critical: false });
    const id = await t.one();
    expect((await status(id, { ...ACCEPT, accepted_until: '2026-01-20T09:30:00Z' }, ann)).statusCode).toBe(
      202,
    );
    t.h.ctx.clock.advance(30 * 60_000);
    const r = await decide(id, 'approve', bob);
    expect([r.statusCode, r.json().code]).toEqual([409, 'incident.closure_stale']);
  });

  it('nothing pending is 409; an unknown or other tenant incident 404; note limits 422; needs incidents:write', async () => {
    const id = await t.one();
    const none = await decide(id, 'approve', bob);
    expect([none.statusCode, none.json().code]).toEqual([409, 'incident.closure_not_pending']);
    const unknown = await decide(randomUUID(), 'approve', bob);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'resource.not_found']);
    const stranger = await signInAs(t.h.ctx, { role: 'owner', tenant: 'other-tenant' });
    expect((await decide(id, 'reject', stranger)).statusCode).toBe(404);
    const long = await decide(id, 'reject', bob, { note: 'x'.repeat(10_001) });
    expect([long.statusCode, long.json().details[0].field]).toEqual([422, 'note']);
    const auditor = await signInAs(t.h.ctx, { role: 'auditor', tenant: t.h.owner.tenantSlug });
    expect((await decide(id, 'reject', auditor)).statusCode).toBe(403);
  });
});

describe('GET /incidents/single-person-closures', () => {
  it('needs audit:read; lists critical closes and accepted risks newest first, paged', async () => {
    const a = await critical();
    t.h.ctx.clock.advance(1_000);
    expect(
      (await status(a, { status: 'closed', disposition: 'benign', resolution: RESOLUTION })).statusCode,
    ).toBe(200);
    const b = await t.one();
    expect((await status(b, ACCEPT)).statusCode).toBe(200);
    expect((await t.call('GET', '/incidents/single-person-closures', ann)).statusCode).toBe(403);
    const auditor = await signInAs(t.h.ctx, { role: 'auditor', tenant: t.h.owner.tenantSlug });
    const page = await t.call('GET', '/incidents/single-person-closures?limit=1&offset=1', auditor);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(page.json().items).toEqual([
      expect.objectContaining({
        incident_id: a,
        kind: 'critical',
        severity: 'critical',
        disposition: 'benign',
      }),
    ]);
    const stranger = await signInAs(t.h.ctx, { role: 'owner', tenant: 'other-tenant' });
    expect((await t.call('GET', '/incidents/single-person-closures', stranger)).json().total).toBe(0);
    expect((await t.call('GET', '/incidents/single-person-closures?limit=201')).statusCode).toBe(422);
  });
});
