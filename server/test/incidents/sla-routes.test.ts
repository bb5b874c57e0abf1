import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SLA_FILTER_VALUES, slaCondition, slaTargets } from '../../src/modules/incidents/sla-store.js';
import { signed } from '../agents/agent-harness.js';
import { type SignedIn, signInAs } from '../helpers/index.js';
import { RESOLUTION, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
/** The acting owner: signed in afresh after each move of the clock (sessions go idle). */
let me: SignedIn;
beforeEach(async () => {
  t = await startTriage();
  me = t.h.owner;
});
afterEach(async () => t.close());

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const REASON = 'Aligning targets with the on-call rota';

const targets = (body: Record<string, unknown>, who = me) =>
  t.call('POST', '/settings/incident-response', who, { reason: REASON, ...body });
const move = (id: string, status: string, extra: Record<string, unknown> = {}) =>
  t.call('POST', `/incidents/${id}/status`, me, { status, ...extra });
const detail = async (id: string) => (await t.call('GET', `/incidents/${id}`, me)).json();
async function advance(ms: number) {
  t.h.ctx.clock.advance(ms);
  me = await signInAs(t.h.ctx, { role: 'owner', tenant: t.h.owner.tenantSlug });
}

/** Ids of the tenant's incidents matching one `sla` filter value at the clock's time. */
async function matching(value: (typeof SLA_FILTER_VALUES)[number]): Promise<string[]> {
  const db = t.h.ctx.db;
  const tenantId = t.h.owner.tenantId;
  const tg = await slaTargets(db, tenantId);
  const now = t.h.ctx.clock.now();
  const rows = await db
    .selectFrom('incidents')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) => slaCondition(eb, value, tg, now))
    .execute();
  return rows.map((r) => r.id).sort();
}

describe('SLA: response and resolution recorded when decided', () => {
  it('the response is met when the incident leaves new within the target (high: 4 h by default)', async () => {
    const [fast, slow] = await t.raise(['alice', 'bob']);
    const d0 = await detail(fast!);
    expect(d0.sla).toMatchObject({
      response_target_minutes: 240,
      response_due_at: new Date(Date.parse(d0.created_at) + 4 * HOUR).toISOString(),
      responded_at: null,
      response_met: null,
      resolution_target_minutes: 3 * 24 * 60,
      resolution_met: null,
      clock_stopped: false,
    });
    await advance(3 * HOUR);
    expect((await move(fast!, 'triaged')).json()).toMatchObject({ response_met: true, resolution_met: null });
    expect(await matching('response_overdue')).toEqual([]);
    await advance(2 * HOUR);
    expect(await matching('response_overdue')).toEqual([slow]);
    expect(await matching('breached')).toEqual([slow]);
    // An assignment or a comment is not a response: the clock stops only when it leaves new.
    await t.call('POST', `/incidents/${slow}/comments`, me, { body: 'Looking at this one now.' });
    expect((await move(slow!, 'investigating')).json()).toMatchObject({ response_met: false });
    expect(await matching('response_missed')).toEqual([slow]);
    expect(await matching('response_met')).toEqual([fast]);
    const list = (await t.call('GET', '/incidents', me)).json().items as {
      id: string;
      response_met: boolean;
    }[];
    expect(Object.fromEntries(list.map((i) => [i.id, i.response_met]))).toEqual({
      [fast!]: true,
      [slow!]: false,
    });
  });

  it('a later edit of the targets never changes a recorded outcome; undecided clocks use the new targets', async () => {
    const [decided, open] = await t.raise(['alice', 'bob']);
    await advance(5 * HOUR);
    await move(decided!, 'closed', { disposition: 'benign', resolution: RESOLUTION });
    expect(await detail(decided!)).toMatchObject({ response_met: false, resolution_met: true });
    expect((await targets({ high_minutes: 600 })).statusCode).toBe(200);
    const d = await detail(decided!);
    expect(d).toMatchObject({ response_met: false, resolution_met: true });
    expect(d.sla).toMatchObject({ response_target_minutes: 240, response_met: false });
    expect((await detail(open!)).sla.response_target_minutes).toBe(600);
    expect(await matching('response_overdue')).toEqual([]);
    expect((await move(open!, 'triaged')).json().response_met).toBe(true);
  });

  it('time in awaiting_user is excluded from resolution, whether an analyst or the person ends the wait', async () => {
    const [byAnalyst, byPerson] = await t.raise(['alice', 'alice']);
    await advance(HOUR);
    await move(byAnalyst!, 'triaged');
    await move(byPerson!, 'triaged');
    await advance(HOUR);
    expect(
      (await move(byAnalyst!, 'awaiting_user', { question: 'Why was this file copied?' })).statusCode,
    ).toBe(200);
    await move(byPerson!, 'awaiting_user', { question: 'Why was this file copied here?' });
    await advance(3 * DAY);
    const waiting = (await detail(byAnalyst!)).sla;
    expect(waiting).toMatchObject({
      clock_stopped: true,
      resolution_due_at: null,
      awaiting_user_minutes: 3 * 24 * 60,
    });
    // A clock stopped before its target is not overdue, however long the wait.
    expect(await matching('resolution_overdue')).toEqual([]);
    await move(byAnalyst!, 'investigating');
    const question = (await detail(byPerson!)).pending_question.id as string;
    // An answer after the question lapsed is refused; one in time ends the wait.
    await advance(-HOUR);
    const answered = await signed(t.h, t.d, 'POST', '/api/v1/agent/incident-answers', {
      question_id: question,
      answer: 'I copied it for the audit.',
    });
    expect(answered.statusCode).toBe(200);
    await advance(HOUR);
    expect((await detail(byPerson!)).status).toBe('investigating');
    await advance(30 * MIN);
    for (const id of [byAnalyst!, byPerson!]) {
      const closed = await move(id, 'closed', { disposition: 'benign', resolution: RESOLUTION });
      expect(closed.json().resolution_met).toBe(true);
    }
    const d = (await detail(byAnalyst!)).sla;
    expect(d).toMatchObject({
      resolution_met: true,
      clock_stopped: false,
      awaiting_user_minutes: 3 * 24 * 60,
    });
    expect(await matching('resolution_met')).toEqual([byAnalyst, byPerson].sort());
  });

  it('a resolution past its target is missed; an open clock past it is overdue; a reopen keeps the record', async () => {
    const [late, open] = await t.raise(['alice', 'bob']);
    await move(late!, 'triaged');
    await move(open!, 'triaged');
    await advance(3 * DAY + MIN);
    expect(await matching('resolution_overdue')).toEqual([late, open].sort());
    const closed = await move(late!, 'closed', { disposition: 'benign', resolution: RESOLUTION });
    expect(closed.json()).toMatchObject({ response_met: true, resolution_met: false });
    expect(await matching('resolution_missed')).toEqual([late]);
    await move(late!, 'investigating');
    await move(late!, 'closed', { disposition: 'benign', resolution: RESOLUTION });
    expect((await detail(late!)).resolution_met).toBe(false);
    expect(await matching('resolution_overdue')).toEqual([open]);
    expect(await matching('breached')).toEqual([late, open].sort());
  });

  it('a clock stopped in awaiting_user after its target stays overdue; one stopped before does not', async () => {
    const [late, early] = await t.raise(['alice', 'alice']);
    await move(late!, 'triaged');
    await move(early!, 'awaiting_user', { question: 'Why was this file copied here?' });
    await advance(3 * DAY + MIN);
    await move(late!, 'awaiting_user', { question: 'Why was this file copied?' });
    await advance(10 * DAY);
    expect(await matching('resolution_overdue')).toEqual([late]);
    expect((await detail(late!)).sla).toMatchObject({ clock_stopped: true, resolution_due_at: null });
  });

  it('an info incident has no targets: nothing is recorded', async () => {
    const info = t.h.port.addPolicy({ name: 'Notice', severity: 'info' }).id;
    const id = await t.one('alice', t.d, { policy: info });
    await advance(10 * DAY);
    expect((await detail(id)).sla).toMatchObject({ response_target_minutes: null, response_due_at: null });
    await move(id, 'closed', { disposition: 'benign', resolution: RESOLUTION });
    expect(await detail(id)).toMatchObject({ response_met: null, resolution_met: null });
    expect(await matching('breached')).toEqual([]);
  });
});

describe('POST /settings/incident-response', () => {
  const DEFAULTS = {
    critical_minutes: 60,
    high_minutes: 240,
    medium_minutes: 1440,
    low_minutes: 4320,
    resolution_critical_minutes: 1440,
    resolution_high_minutes: 4320,
    resolution_medium_minutes: 10080,
    resolution_low_minutes: 20160,
  };

  it('an omitted field keeps its stored value; audited with the changed fields', async () => {
    const r = await targets({ high_minutes: 120 });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ ...DEFAULTS, high_minutes: 120, updated_at: expect.any(String) });
    const again = await targets({ resolution_low_minutes: 30_000 });
    expect(again.json()).toMatchObject({ high_minutes: 120, resolution_low_minutes: 30_000 });
    const audit = await t.h.ctx.db
      .selectFrom('audit_events')
      .select(['metadata', 'subject_type'])
      .where('action', '=', 'settings.incident_response_changed')
      .orderBy('created_at')
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]!.metadata)).toMatchObject({
      changed_fields: ['high_minutes'],
      high_minutes: 120,
      reason: REASON,
    });
  });

  it('refuses every bound and ordering rule with a 422 naming the field, never the value, changing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ critical_minutes: 4 }, 'critical_minutes'],
      [{ low_minutes: 43_201 }, 'low_minutes'],
      [{ resolution_high_minutes: 59 }, 'resolution_high_minutes'],
      [{ resolution_low_minutes: 129_601 }, 'resolution_low_minutes'],
      [{ high_minutes: 2.5 }, 'high_minutes'],
      // More severe not longer than less severe: the sent field is named.
      [{ critical_minutes: 241 }, 'critical_minutes'],
      [{ low_minutes: 1439 }, 'low_minutes'],
      [{ critical_minutes: 500, high_minutes: 300 }, 'critical_minutes'],
      [{ resolution_medium_minutes: 4319 }, 'resolution_medium_minutes'],
      // No resolution target shorter than the same severity's response target.
      [
        { resolution_critical_minutes: 61, critical_minutes: 62, high_minutes: 240 },
        'resolution_critical_minutes',
      ],
      [{ low_minutes: 20_161 }, 'low_minutes'],
      [{ reason: '   ' }, 'reason'],
      [{ reason: 'abc' }, 'reason'],
      [{ unknown_minutes: 10 }, 'unknown_minutes'],
    ];
    for (const [body, field] of cases) {
      const r = await targets(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().details.map((d: { field: string }) => d.field)).toContain(field);
      for (const v of Object.values(body)) if (typeof v === 'number') expect(r.body).not.toContain(String(v));
    }
    const noReason = await t.call('POST', '/settings/incident-response', t.h.owner, { high_minutes: 200 });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().details[0].field).toBe('reason');
    expect((await targets({})).json()).toMatchObject(DEFAULTS);
    const audited = await t.h.ctx.db
      .selectFrom('audit_events')
      .select('id')
      .where('action', '=', 'settings.incident_response_changed')
      .execute();
    expect(audited).toHaveLength(1);
  });

  it('needs tenant:write (Owner; not Admin nor Analyst); targets are per tenant', async () => {
    for (const role of ['admin', 'security_analyst', 'auditor'] as const) {
      const who = await signInAs(t.h.ctx, { role, tenant: t.h.owner.tenantSlug });
      expect((await targets({ high_minutes: 100 }, who)).statusCode, role).toBe(403);
    }
    const other = await signInAs(t.h.ctx, { role: 'owner', tenant: 'other-tenant' });
    expect((await targets({ high_minutes: 100 }, other)).json().high_minutes).toBe(100);
    expect((await slaTargets(t.h.ctx.db, t.h.owner.tenantId)).response.high).toBe(240);
  });
});
