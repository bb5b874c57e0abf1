import '../../src/modules/incidents/misc-tables.js';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountPart } from '../../src/modules/incidents/self-action.js';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { scopedAnalyst } from './misc-scope.js';
import { auditActions, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const REASON = 'Rehearsal by the QA team';
const mark = (id: string, body: Record<string, unknown>, who: SignedIn = t.h.owner) =>
  t.call('POST', `/incidents/${id}/synthetic`, who, { reason: REASON, ...body });
const feedback = (id: string, body: Record<string, unknown>, who: SignedIn = t.h.owner) =>
  t.call('POST', `/incidents/${id}/detector-feedback`, who, {
    detector_id: 'card_number',
    detector_version: 1,
    ...body,
  });
const detail = async (id: string, who: SignedIn = t.h.owner) =>
  (await t.call('GET', `/incidents/${id}`, who)).json();

describe('POST /incidents/{id}/synthetic', () => {
  it('marks and unmarks with a history line and audit entry; the same marking is unchanged; the list shows it', async () => {
    const id = await t.one('bob');
    const r = await mark(id, { synthetic: true, expected_version: 1 });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      id,
      row_version: 2,
      synthetic: true,
      synthetic_by: 'analyst',
      changed: true,
    });
    const d = await detail(id);
    expect(d.synthetic).toBe(true);
    expect(d.history[0]).toMatchObject({ kind: 'synthetic', from: 'real', to: 'test', note: REASON });
    const list = (await t.call('GET', '/incidents')).json().items;
    expect(list.find((i: { id: string }) => i.id === id).synthetic).toBe(true);
    const again = await mark(id, { synthetic: true });
    expect(again.json()).toMatchObject({ row_version: 2, changed: false });
    const stale = await mark(id, { synthetic: false, expected_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('incident.stale_version');
    const back = await mark(id, { synthetic: false, expected_version: 2 });
    expect(back.json()).toMatchObject({
      row_version: 3,
      synthetic: false,
      synthetic_by: null,
      changed: true,
    });
    expect(await auditActions(t, id)).toEqual(['incident.marked_test', 'incident.marked_real']);
    const meta = await t.h.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('subject_id', '=', id)
      .execute();
    for (const m of meta) expect(m.metadata).not.toContain('Rehearsal');
  });

  it('refuses a bad body by field, a viewer, the own incident (403 audited) and unmarking a sandbox-policy test', async () => {
    const id = await t.one('bob');
    for (const [body, field] of [
      [{ synthetic: true, reason: 'abc' }, 'reason'],
      [{ synthetic: true, reason: '      abc     ' }, 'reason'],
      [{ synthetic: true, reason: 'x'.repeat(501) }, 'reason'],
      [{ synthetic: 'yes' }, 'synthetic'],
      [{ synthetic: true, expected_version: 0 }, 'expected_version'],
      [{ synthetic: true, extra: 1 }, 'extra'],
    ] as const) {
      const r = await mark(id, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().details[0].field).toBe(field);
    }
    const viewer = await signInAs(t.h.ctx, { role: 'viewer', tenant: t.h.owner.tenantSlug });
    expect((await mark(id, { synthetic: true }, viewer)).statusCode).toBe(403);
    expect((await detail(id)).row_version).toBe(1);

    const own = await t.one(accountPart(t.h.owner.email));
    const refused = await mark(own, { synthetic: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('incident.self_action_refused');
    expect(await auditActions(t, own)).toEqual(['incident.self_action_refused']);
    expect((await detail(own)).synthetic).toBe(false);

    await t.h.ctx.db
      .updateTable('incidents')
      .set({ synthetic: 1, synthetic_by: 'test_policy' })
      .where('id', '=', id)
      .execute();
    const policyTest = await mark(id, { synthetic: false });
    expect(policyTest.statusCode).toBe(409);
    expect(policyTest.json().code).toBe('incident.synthetic_by_policy');
    expect((await detail(id)).row_version).toBe(1);
  });

  it("another tenant's, a missing and an out-of-scope incident are the identical 404", async () => {
    const { scoped, inside, stranger } = await scopedAnalyst(t);
    const outside = await t.one('bob');
    const mine = await t.one('carol', inside);
    const missing = (await mark(randomUUID(), { synthetic: true })).json();
    for (const r of [
      await mark(outside, { synthetic: true }, scoped),
      await mark(mine, { synthetic: true }, stranger),
    ]) {
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual(missing);
    }
    expect((await mark(mine, { synthetic: true }, scoped)).statusCode).toBe(200);
    expect((await detail(outside)).synthetic).toBe(false);
  });
});

describe('POST /incidents/{id}/detector-feedback', () => {
  it('stores one verdict per detector version, replaces it, keeps row_version, feeds the record of real incidents', async () => {
    const [a, b] = await t.raise(['alice', 'bob']);
    const r = await feedback(a!, {
      verdict: 'false_positive',
      reason: 'test_or_sample_data',
      note: '  Dummy card  ',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      id: a,
      changed: true,
      detector_feedback: [
        {
          detector_id: 'card_number',
          detector_version: 1,
          verdict: 'false_positive',
          reason: 'test_or_sample_data',
          note: 'Dummy card',
          given_by_email: t.h.owner.email,
        },
      ],
      record: { detector_id: 'card_number', detector_version: 1, false_positives: 1, true_positives: 0 },
    });
    const d = await detail(a!);
    expect(d.row_version).toBe(1);
    expect(d.detector_feedback).toEqual(r.json().detector_feedback);
    expect(d.history[0]).toMatchObject({ kind: 'detector_feedback', from: null, to: 'false_positive' });
    expect(
      (
        await feedback(a!, { verdict: 'false_positive', reason: 'test_or_sample_data', note: 'Dummy card' })
      ).json().changed,
    ).toBe(false);
    const changed = await feedback(a!, { verdict: 'true_positive' });
    expect(changed.json().detector_feedback).toHaveLength(1);
    expect(changed.json().record).toMatchObject({ false_positives: 0, true_positives: 1 });
    expect(await auditActions(t, a!)).toEqual(['incident.detector_feedback', 'incident.detector_feedback']);
    // A test judges a rehearsal, not the detector: its verdicts stay out of the record.
    await t.call('POST', `/incidents/${b}/synthetic`, t.h.owner, { synthetic: true, reason: REASON });
    const onTest = await feedback(b!, { verdict: 'false_positive' });
    expect(onTest.json().record).toMatchObject({ false_positives: 0, true_positives: 1 });
  });

  it('refuses by field: an unknown verdict, a reason with true_positive, a detector or version not in the incident', async () => {
    const id = await t.one('bob');
    for (const [body, field] of [
      [{ verdict: 'maybe' }, 'verdict'],
      [{ verdict: 'true_positive', reason: 'other' }, 'reason'],
      [{ verdict: 'false_positive', reason: 'because' }, 'reason'],
      [{ verdict: 'false_positive', detector_id: 'iban' }, 'detector_id'],
      [{ verdict: 'false_positive', detector_id: 'bad id!' }, 'detector_id'],
      [{ verdict: 'false_positive', detector_version: 2 }, 'detector_version'],
      [{ verdict: 'false_positive', detector_version: 0 }, 'detector_version'],
      [{ verdict: 'false_positive', note: 'x'.repeat(1001) }, 'note'],
    ] as const) {
      const r = await feedback(id, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().details[0].field).toBe(field);
      expect(r.body).not.toContain('because');
    }
    const viewer = await signInAs(t.h.ctx, { role: 'viewer', tenant: t.h.owner.tenantSlug });
    expect((await feedback(id, { verdict: 'true_positive' }, viewer)).statusCode).toBe(403);
    expect(await t.h.ctx.db.selectFrom('incident_detector_feedback').selectAll().execute()).toHaveLength(0);
    const { scoped, stranger } = await scopedAnalyst(t);
    const missing = (await feedback(randomUUID(), { verdict: 'true_positive' })).json();
    for (const who of [scoped, stranger]) {
      const r = await feedback(id, { verdict: 'true_positive' }, who);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual(missing);
    }
  });
});
