import { verifyDecision } from '@custos/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lapseRequests } from '../../src/modules/exception-requests/public.js';
import { signed } from '../agents/agent-harness.js';
import { signInAs } from '../helpers/index.js';
import { auditRows, type Exc, startExceptions } from './exception-harness.js';

let e: Exc;
beforeEach(async () => {
  e = await startExceptions();
});
afterEach(async () => e.close());

const HOUR = 3_600_000;
const decide = (id: string, body: Record<string, unknown>, who = e.h.owner) =>
  e.call('POST', `/exception-requests/${id}/decision`, who, body);
const withdraw = (id: string, who = e.h.owner, reason = 'The transfer is no longer needed') =>
  e.call('POST', `/exception-requests/${id}/withdraw`, who, { reason });
const decisions = async (since = 0) =>
  (await signed(e.h, e.d, 'POST', '/api/v1/agent/exception-decisions', { since })).json();

describe('GET /exception-requests', () => {
  it('lists oldest first with filters, lapsed and sla_hours; needs exceptions:read', async () => {
    const a = (await e.raise({ subject: 'CORP\\Alice' })).json();
    e.h.ctx.clock.advance(1_000);
    const other = e.h.port.addPolicy({ name: 'Design files' }).id;
    const b = (await e.raise({ subject: 'bob', policy_id: other })).json();
    e.h.ctx.clock.advance(1_000);
    const c = (await e.raise({ subject: null })).json();
    const all = await e.call('GET', '/exception-requests');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 3, limit: 50, offset: 0, lapsed: 0, sla_hours: 48 });
    expect(all.json().requests.map((r: { id: string }) => r.id)).toEqual([a.id, b.id, c.id]);
    expect(all.json().requests[0]).toMatchObject({
      reference: a.reference,
      state: 'pending',
      subject: 'CORP\\Alice',
      policy_name: 'Payroll files',
      justification: 'The auditor needs the March payroll on site',
      lapses_at: '2026-03-04T09:00:00.000Z',
      approved_until: null,
    });
    const ids = async (q: string) =>
      (await e.call('GET', `/exception-requests?${q}`)).json().requests.map((r: { id: string }) => r.id);
    expect(await ids('subject=corp%5Calice')).toEqual([a.id]);
    expect(await ids(`policy=${other}`)).toEqual([b.id]);
    expect(await ids('limit=1&offset=1')).toEqual([b.id]);
    await decide(b.id, { approve: false });
    expect(await ids('state=pending')).toEqual([a.id, c.id]);
    expect((await e.call('GET', '/exception-requests?state=nonsense')).statusCode).toBe(422);
    const viewer = await e.person('viewer');
    expect((await e.call('GET', '/exception-requests', viewer)).statusCode).toBe(403);
    expect((await e.call('GET', `/exception-requests/${a.id}`)).json().id).toBe(a.id);
  });

  it('another tenant sees an identical 404', async () => {
    const { id } = (await e.raise()).json();
    const stranger = await signInAs(e.h.ctx, { role: 'owner', tenant: 'other-co' });
    const r1 = await e.call('GET', `/exception-requests/${id}`, stranger);
    const r2 = await e.call('GET', '/exception-requests/00000000-0000-4000-8000-000000000000', stranger);
    expect([r1.statusCode, r2.statusCode]).toEqual([404, 404]);
    expect(r1.json()).toEqual(r2.json());
    expect((await decide(id, { approve: true }, stranger)).statusCode).toBe(404);
    expect((await e.call('GET', '/exception-requests', stranger)).json().total).toBe(0);
  });
});

describe('POST /exception-requests/{id}/decision', () => {
  it('approves for at most eight hours, signed and audited; a second decision is 409', async () => {
    const { id, reference } = (await e.raise()).json();
    const r = await decide(id, { approve: true, minutes: 1_000, note: 'Audit visit approved' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      state: 'approved',
      decided_at: '2026-03-02T09:00:00.000Z',
      decided_by: e.h.owner.userId,
      approved_until: '2026-03-02T17:00:00.000Z',
      note: 'Audit visit approved',
      identity_unmapped: false,
    });
    const again = await decide(id, { approve: false });
    expect([again.statusCode, again.json().code, again.json().details[0].message]).toEqual([
      409,
      'exception.not_pending',
      'approved',
    ]);
    const v = verifyDecision((await decisions()).decisions[0], await e.trust(), e.h.ctx.clock.now());
    expect(v.ok && v.payload).toMatchObject({
      reference,
      decision: 'approved',
      serial: 1,
      file_hash: 'ab'.repeat(32),
      expires_at: '2026-03-02T17:00:00.000Z',
    });
    const audit = await auditRows(e, 'exception.decided');
    expect(JSON.parse(audit[0]!.metadata)).toMatchObject({
      reference,
      decision: 'approved',
      minutes: 480,
      serial: 1,
    });
    expect(audit[0]!.metadata).not.toContain('Audit visit');
  });

  it('defaults to one hour; a refusal is signed too and releases nothing', async () => {
    const a = (await e.raise()).json();
    const b = (await e.raise()).json();
    expect((await decide(a.id, { approve: true })).json().approved_until).toBe('2026-03-02T10:00:00.000Z');
    const refused = await decide(b.id, { approve: false });
    expect(refused.json()).toMatchObject({ state: 'refused', approved_until: null });
    const envelopes = (await decisions()).decisions;
    const v = verifyDecision(envelopes[1], { ...(await e.trust()), serial_floor: 1 }, e.h.ctx.clock.now());
    expect(v.ok && v.payload.decision).toBe('refused');
  });

  it('nobody decides a request raised from their own account: 403, audited, nothing changes', async () => {
    const { id, reference } = (await e.raise({ subject: 'CORP\\Carol' })).json();
    const carol = await e.person('security_analyst', 'carol@example.com');
    const r = await decide(id, { approve: true }, carol);
    expect([r.statusCode, r.json().code]).toEqual([403, 'exception.self_decision_refused']);
    expect((await e.call('GET', `/exception-requests/${id}`)).json().state).toBe('pending');
    const audit = await auditRows(e, 'exception.self_decision_refused');
    expect(audit.map((a) => JSON.parse(a.metadata).reference)).toEqual([reference]);
    expect((await decisions()).decisions).toEqual([]);
    expect((await decide(id, { approve: true })).statusCode).toBe(200);
  });

  it('a request with no subject is decided with identity_unmapped recorded', async () => {
    const { id } = (await e.raise({ subject: '  ' })).json();
    const r = await decide(id, { approve: true });
    expect(r.json()).toMatchObject({ subject: null, identity_unmapped: true });
    expect(JSON.parse((await auditRows(e, 'exception.decided'))[0]!.metadata).identity_unmapped).toBe(true);
  });

  it('needs exceptions:decide; an auditor reads but cannot decide', async () => {
    const { id } = (await e.raise()).json();
    const auditor = await e.person('viewer');
    expect((await decide(id, { approve: true }, auditor)).statusCode).toBe(403);
    const reader = await signInAs(e.h.ctx, { role: 'auditor', tenant: e.h.owner.tenantSlug });
    expect((await e.call('GET', `/exception-requests/${id}`, reader)).statusCode).toBe(200);
    expect((await decide(id, { approve: true }, reader)).statusCode).toBe(403);
    expect((await decide(id, { approve: 'yes' })).statusCode).toBe(422);
  });
});

describe('POST /exception-requests/{id}/withdraw', () => {
  it('takes an approval back with a second signed decision at a new serial; 409 once run out', async () => {
    const a = (await e.raise()).json();
    const b = (await e.raise()).json();
    await decide(a.id, { approve: true, minutes: 120 });
    await decide(b.id, { approve: true, minutes: 60 });
    e.h.ctx.clock.advance(30 * 60_000);
    const r = await withdraw(a.id);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ state: 'withdrawn', close_reason: 'The transfer is no longer needed' });
    const envelopes = (await decisions(2)).decisions;
    expect(envelopes).toHaveLength(1);
    const v = verifyDecision(envelopes[0], { ...(await e.trust()), serial_floor: 2 }, e.h.ctx.clock.now());
    expect(v.ok && v.payload).toMatchObject({ serial: 3, decision: 'withdrawn', reference: a.reference });
    expect((await auditRows(e, 'exception.withdrawn')).map((x) => x.subject_id)).toEqual([a.id]);
    const twice = await withdraw(a.id);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'exception.not_pending']);
    e.h.ctx.clock.advance(30 * 60_000);
    const late = await withdraw(b.id, await e.person());
    expect([late.statusCode, late.json().code]).toEqual([409, 'exception.run_out']);
    expect((await decisions(3)).decisions).toEqual([]);
  });

  it('a pending request is decided, not withdrawn (409); a short reason is 422', async () => {
    const { id } = (await e.raise()).json();
    const r = await withdraw(id);
    expect([r.statusCode, r.json().details[0].message]).toEqual([409, 'pending']);
    expect((await withdraw(id, e.h.owner, 'no')).statusCode).toBe(422);
  });
});

describe('the lapse pass', () => {
  it('expires requests pending 48 hours, audited with the system as actor, nothing signed', async () => {
    const a = (await e.raise()).json();
    e.h.ctx.clock.advance(HOUR);
    const b = (await e.raise()).json();
    const deps = e.h.ctx.app.deps;
    e.h.ctx.clock.advance(47 * HOUR - 1);
    expect(await lapseRequests(deps, e.h.ctx.clock.now())).toBe(0);
    e.h.ctx.clock.advance(1);
    expect(await lapseRequests(deps, e.h.ctx.clock.now())).toBe(1);
    const owner = await e.person();
    const list = (await e.call('GET', '/exception-requests', owner)).json();
    expect(list.requests.map((r: { state: string }) => r.state)).toEqual(['expired', 'pending']);
    expect(list.lapsed).toBe(1);
    const audit = await auditRows(e, 'exception.expired');
    expect(audit.map((x) => [x.subject_id, x.actor_type])).toEqual([[a.id, 'system']]);
    const late = await decide(a.id, { approve: true }, owner);
    expect([late.statusCode, late.json().details[0].message]).toEqual([409, 'expired']);
    expect((await decisions()).decisions).toEqual([]);
    expect((await decisions()).requests).toContainEqual({ reference: a.reference, state: 'expired' });
    expect(b.state).toBe('pending');
  });
});

describe('POST /settings/approver-label', () => {
  it('sets a label the agent reads, at most 60 characters, blank restores the default, audited', async () => {
    const set = (label: string) =>
      e.call('POST', '/settings/approver-label', e.h.owner, { label, reason: 'Name the desk people know' });
    const r = await set('  IT Service Desk  ');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ label: 'IT Service Desk', updated_at: '2026-03-02T09:00:00.000Z' });
    expect((await e.raise()).json().approver_label).toBe('IT Service Desk');
    expect((await decisions()).approver_label).toBe('IT Service Desk');
    const long = await set('x'.repeat(61));
    expect([long.statusCode, long.json().details[0].field]).toEqual([422, 'label']);
    expect((await decisions()).approver_label).toBe('IT Service Desk');
    expect((await set('   ')).json().label).toBeNull();
    expect((await decisions()).approver_label).toBe('your security team');
    expect((await auditRows(e, 'settings.approver_label_changed')).length).toBe(2);
    const analyst = await e.person('security_analyst');
    const denied = await e.call('POST', '/settings/approver-label', analyst, {
      label: 'x',
      reason: 'because',
    });
    expect(denied.statusCode).toBe(403);
  });
});
