import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkinBody, enrolDevice, signed } from '../agents/agent-harness.js';
import { signInAs } from '../helpers/index.js';
import { auditActions, startTriage, type Triage } from './triage-harness.js';

let t: Triage;
beforeEach(async () => {
  t = await startTriage();
});
afterEach(async () => t.close());

const ask = (id: string, question: string) =>
  t.call('POST', `/incidents/${id}/status`, t.h.owner, { status: 'awaiting_user', question });
const CARD_DETECTOR = [
  {
    detector_id: 'payment_card',
    detector_version: 1,
    category: 'financial',
    match_count: 1,
    validated_count: 1,
    max_confidence: 90,
  },
];

describe('awaiting_user with a question', () => {
  it('queues an AskPerson command the device collects at check-in; the detail shows the question until it lapses', async () => {
    const id = await t.one('alice');
    const r = await ask(id, '  Why was the quarterly file copied to a share?  ');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      status: 'awaiting_user',
      allowed_transitions: ['investigating', 'closed', 'false_positive', 'accepted_risk'],
    });
    const detail = (await t.call('GET', `/incidents/${id}`)).json();
    expect(detail.pending_question).toEqual({
      id: expect.any(String),
      question: 'Why was the quarterly file copied to a share?',
      asked_at: '2026-01-20T09:00:01.000Z',
      lapses_at: '2026-01-23T09:00:01.000Z',
      lapsed: false,
    });
    const checkin = await signed(t.h, t.d, 'POST', '/api/v1/agent/checkin', checkinBody());
    expect(checkin.statusCode).toBe(200);
    const commands = checkin.json().commands;
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({
      kind: 'AskPerson',
      payload: {
        question_id: detail.pending_question.id,
        reference: detail.reference,
        question: 'Why was the quarterly file copied to a share?',
        lapses_at: '2026-01-23T09:00:01.000Z',
      },
    });
    expect((await signed(t.h, t.d, 'POST', '/api/v1/agent/checkin', checkinBody())).json().commands).toEqual(
      [],
    );
    expect(await auditActions(t, id)).toEqual(['incident.status_changed']);
    const audit = await t.h.ctx.db
      .selectFrom('audit_events')
      .select('metadata')
      .where('subject_id', '=', id)
      .execute();
    expect(audit[0]!.metadata).not.toContain('quarterly');
    t.h.ctx.clock.advance(3 * 24 * 3_600_000 - 1);
    // Sessions do not last three days: a fresh one reads the detail.
    const later = () => signInAs(t.h.ctx, { role: 'owner', tenant: t.h.owner.tenantSlug });
    let who = await later();
    expect((await t.call('GET', `/incidents/${id}`, who)).json().pending_question.lapsed).toBe(false);
    t.h.ctx.clock.advance(1);
    who = await later();
    expect((await t.call('GET', `/incidents/${id}`, who)).json().pending_question.lapsed).toBe(true);
    // Taking the case back leaves no pending question on show.
    await t.call('POST', `/incidents/${id}/status`, who, { status: 'investigating' });
    expect((await t.call('GET', `/incidents/${id}`, who)).json().pending_question).toBeNull();
  });

  it('refuses by field with no person, no active endpoint or a detected value, changing nothing', async () => {
    const nobody = await t.one('x', t.d, { user: { name: null, id: null } });
    const r1 = await ask(nobody, 'Who copied this file?');
    expect([r1.statusCode, r1.json().details[0].field]).toEqual([422, 'question']);

    const card = await t.one('alice', t.d, { detectors: CARD_DETECTOR });
    const r2 = await ask(card, 'Is 4111 1111 1111 1111 your own card number?');
    expect([r2.statusCode, r2.json().details[0].field]).toEqual([422, 'question']);
    expect(JSON.stringify(r2.json())).not.toContain('4111');
    expect((await ask(card, 'Is the card number in this file your own?')).statusCode).toBe(200);

    const gone = await t.one('bob');
    const revoke = await t.call('POST', `/agents/${t.d.deviceId}/revoke`, t.h.owner, {
      reason: 'laptop was stolen',
    });
    expect(revoke.statusCode).toBe(200);
    const r3 = await ask(gone, 'Why was this copied?');
    expect([r3.statusCode, r3.json().details[0].field]).toEqual([422, 'question']);
    for (const id of [nobody, gone]) {
      expect((await t.call('GET', `/incidents/${id}`)).json()).toMatchObject({
        status: 'new',
        pending_question: null,
      });
    }
    const queued = await t.h.ctx.db.selectFrom('agent_commands').select('kind').execute();
    expect(queued.map((q) => q.kind)).toEqual(['AskPerson']);
  });

  it('a signed answer from that device becomes a from_person comment and moves the incident to investigating', async () => {
    const id = await t.one('alice');
    await ask(id, 'Why was the quarterly file copied to a share?');
    const command = (await signed(t.h, t.d, 'POST', '/api/v1/agent/checkin', checkinBody())).json()
      .commands[0];
    const questionId = command.payload.question_id as string;
    const other = await enrolDevice(t.h);
    const answer = (
      device = t.d,
      body: Record<string, unknown> = { question_id: questionId, answer: '  My manager asked for it.  ' },
    ) => signed(t.h, device, 'POST', '/api/v1/agent/incident-answers', body);
    expect((await answer(other)).statusCode).toBe(404);
    const blank = await answer(t.d, { question_id: questionId, answer: '   ' });
    expect([blank.statusCode, blank.json().details[0].field]).toEqual([422, 'answer']);
    t.h.ctx.clock.advance(60_000);
    const r = await answer();
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ question_id: questionId, status_changed: true });
    const detail = (await t.call('GET', `/incidents/${id}`)).json();
    expect(detail).toMatchObject({ status: 'investigating', row_version: 3, pending_question: null });
    expect(detail.history[0]).toMatchObject({
      actor_type: 'agent',
      actor_id: t.d.deviceId,
      from: 'awaiting_user',
      to: 'investigating',
    });
    const comments = (await t.call('GET', `/incidents/${id}/comments`)).json().items;
    expect(comments).toEqual([
      {
        id: r.json().comment_id,
        author_id: null,
        author_email: null,
        body: 'My manager asked for it.',
        from_person: true,
        created_at: '2026-01-20T09:01:01.000Z',
      },
    ]);
    const again = await answer();
    expect([again.statusCode, again.json().code]).toEqual([409, 'incident.question_closed']);
    expect((await t.call('GET', `/incidents/${id}/comments`)).json().total).toBe(1);
  });

  it('an answer after the question lapsed is refused and stores nothing', async () => {
    const id = await t.one('alice');
    await ask(id, 'Why was the quarterly file copied to a share?');
    const questionId = (await signed(t.h, t.d, 'POST', '/api/v1/agent/checkin', checkinBody())).json()
      .commands[0].payload.question_id;
    t.h.ctx.clock.advance(3 * 24 * 3_600_000);
    const late = await signed(t.h, t.d, 'POST', '/api/v1/agent/incident-answers', {
      question_id: questionId,
      answer: 'Sorry, I was away.',
    });
    expect([late.statusCode, late.json().code]).toEqual([409, 'incident.question_closed']);
    const rows = await t.h.ctx.db.selectFrom('incident_comments').selectAll().execute();
    expect(rows).toEqual([]);
    const inc = await t.h.ctx.db
      .selectFrom('incidents')
      .select(['status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(inc.status).toBe('awaiting_user');
  });
});
