import { verifyDecision } from '@custos/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enrolDevice, signed } from '../agents/agent-harness.js';
import { auditRows, type Exc, startExceptions } from './exception-harness.js';

let e: Exc;
beforeEach(async () => {
  e = await startExceptions();
});
afterEach(async () => e.close());

const poll = (since = 0, device = e.d) =>
  signed(e.h, device, 'POST', '/api/v1/agent/exception-decisions', { since });

describe('POST /api/v1/agent/exception-requests', () => {
  it('records a pending request, answers the approver label, audits without reason, file, destination or account', async () => {
    const r = await e.raise();
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toEqual({
      id: expect.any(String),
      reference: expect.stringMatching(/^EXC-[A-Z0-9]{8}$/),
      state: 'pending',
      approver_label: 'your security team',
    });
    const audit = await auditRows(e, 'exception.requested');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_type).toBe('agent');
    expect(JSON.parse(audit[0]!.metadata)).toEqual({
      reference: body.reference,
      policy_name: 'Payroll files',
      category: 'business_need',
      person_named: true,
      request_id: expect.any(String),
    });
    for (const secret of ['auditor', 'payroll-march', 'KINGSTON', 'alice'])
      expect(audit[0]!.metadata).not.toContain(secret);
  });

  it('a retry with the same request_key answers the first request', async () => {
    const key = '7d7a3c1e-2a51-4a11-9d0e-0f7b1c2d3e4f';
    const a = (await e.raise({ request_key: key })).json();
    const b = (await e.raise({ request_key: key })).json();
    expect(b.id).toBe(a.id);
    expect((await e.call('GET', '/exception-requests')).json().total).toBe(1);
  });

  it('applies the justification rules again (422 naming the field, never the value)', async () => {
    for (const justification of [
      'needed it',
      'send it nowwww please',
      'please please send it',
      'Business need',
    ]) {
      const r = await e.raise({ justification });
      expect([r.statusCode, r.json().details[0].field]).toEqual([422, 'justification']);
      expect(r.body).not.toContain(justification);
    }
    expect((await e.call('GET', '/exception-requests')).json().total).toBe(0);
  });

  it('refuses an unknown policy, a malformed hash and a 21st pending request', async () => {
    const r1 = await e.raise({ policy_id: 'no-such-policy' });
    expect([r1.statusCode, r1.json().details[0].field]).toEqual([422, 'policy_id']);
    const r2 = await e.raise({ file_hash: 'xyz' });
    expect(r2.statusCode).toBe(422);
    for (let i = 0; i < 20; i++) expect((await e.raise()).statusCode).toBe(200);
    const r3 = await e.raise();
    expect([r3.statusCode, r3.json().code]).toEqual([409, 'exception.pending_limit']);
  });

  it('needs a signed request', async () => {
    const r = await e.h.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent/exception-requests',
      payload: {},
    });
    expect(r.statusCode).toBe(401);
  });
});

describe('POST /api/v1/agent/exception-requests/{reference}/withdraw', () => {
  it('withdraws a pending request of this device, audited, nothing signed; 409 with the state afterwards', async () => {
    const { reference, id } = (await e.raise()).json();
    const path = `/api/v1/agent/exception-requests/${reference}/withdraw`;
    const other = await enrolDevice(e.h);
    expect((await signed(e.h, other, 'POST', path, {})).statusCode).toBe(404);
    const r = await signed(e.h, e.d, 'POST', path, {});
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      reference,
      state: 'withdrawn',
      withdrawn_at: '2026-03-02T09:00:00.000Z',
      withdrawn: 1,
    });
    const again = await signed(e.h, e.d, 'POST', path, {});
    expect([again.statusCode, again.json().code, again.json().details[0].message]).toEqual([
      409,
      'exception.not_pending',
      'withdrawn',
    ]);
    expect((await auditRows(e, 'exception.request_withdrawn')).map((a) => a.subject_id)).toEqual([id]);
    expect((await poll()).json().decisions).toEqual([]);
    const unknown = await signed(
      e.h,
      e.d,
      'POST',
      '/api/v1/agent/exception-requests/EXC-ZZZZZZZZ/withdraw',
      {},
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /api/v1/agent/exception-decisions', () => {
  it('answers signed decisions above the floor for this device only, with the label and request states', async () => {
    const a = (await e.raise()).json();
    e.h.ctx.clock.advance(1_000);
    const b = (await e.raise()).json();
    await e.call('POST', `/exception-requests/${a.id}/decision`, e.h.owner, { approve: true, minutes: 30 });
    await e.call('POST', `/exception-requests/${b.id}/decision`, e.h.owner, { approve: false });
    const r = await poll();
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.approver_label).toBe('your security team');
    expect(body.requests).toEqual([
      { reference: a.reference, state: 'approved' },
      { reference: b.reference, state: 'refused' },
    ]);
    expect(body.decisions).toHaveLength(2);
    const trust = await e.trust();
    const now = e.h.ctx.clock.now();
    const first = verifyDecision(body.decisions[0], trust, now);
    expect(first.ok && first.payload).toMatchObject({
      serial: 1,
      reference: a.reference,
      decision: 'approved',
      expires_at: '2026-03-02T09:30:01.000Z',
    });
    const second = verifyDecision(body.decisions[1], { ...trust, serial_floor: 1 }, now);
    expect(second.ok && second.payload.decision).toBe('refused');
    // The floor: only what is above `since`; a replay of serial 1 is refused by the verifier.
    expect((await poll(1)).json().decisions).toHaveLength(1);
    expect(verifyDecision(body.decisions[0], { ...trust, serial_floor: 1 }, now)).toEqual({
      ok: false,
      code: 'replayed_serial',
    });
    // Another device of the tenant sees none of them, and cannot use them.
    const other = await enrolDevice(e.h);
    expect((await poll(0, other)).json()).toMatchObject({ decisions: [], requests: [] });
    expect(verifyDecision(body.decisions[0], await e.trust(other), now)).toEqual({
      ok: false,
      code: 'wrong_device',
    });
  });

  it('refuses a negative floor', async () => {
    expect((await poll(-1)).statusCode).toBe(422);
  });
});
