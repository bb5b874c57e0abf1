import { AppError, fieldError, notFound } from '../../http/errors.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import type { DevicesTable } from '../agents/public.js';
import { COMMENT_MAX } from './discussion-service.js';
import { recordSlaTransitionOf } from './sla-clock.js';
import { timeOrderedId } from './time-ordered-id.js';
import {
  deviceQuestion,
  insertComment,
  insertHistory,
  markQuestionAnswered,
  resumeAfterAnswer,
} from './workflow-store.js';

/**
 * POST /api/v1/agent/incident-answers (document 2): the person's answer to a question, sent
 * signed by the device the question went to. It becomes a discussion comment with
 * `from_person: true`, and an incident still awaiting the person moves to investigating
 * (docs/incidents.md, Questions).
 */
export async function recordAnswer(
  ctx: ServiceContext,
  device: DevicesTable,
  body: { question_id: string; answer: string },
) {
  const requestId = ctx.requestId;
  const answer = body.answer.trim();
  if (answer === '' || answer.length > COMMENT_MAX)
    throw fieldError('answer', `must be 1-${COMMENT_MAX} characters`);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    // Another device's question and a missing one answer alike.
    const q = await deviceQuestion(trx, device.tenant_id, device.id, body.question_id);
    if (!q) throw notFound('question');
    if (q.answered_at !== null || now.getTime() >= Date.parse(q.lapses_at))
      throw new AppError('incident.question_closed', 'the question was already answered or has lapsed');
    if (!(await markQuestionAnswered(trx, q.id, now)))
      throw new AppError('incident.question_closed', 'the question was already answered or has lapsed');
    const commentId = timeOrderedId(now);
    await insertComment(trx, {
      id: commentId,
      tenant_id: q.tenant_id,
      incident_id: q.incident_id,
      author_id: null,
      author_email: null,
      body: answer,
      from_person: 1,
      created_at: now.toISOString(),
    });
    const statusChanged = await resumeAfterAnswer(trx, q.incident_id, now);
    if (statusChanged) {
      await recordSlaTransitionOf(trx, q.incident_id, 'awaiting_user', 'investigating', now);
      await insertHistory(trx, {
        id: timeOrderedId(now),
        tenant_id: q.tenant_id,
        incident_id: q.incident_id,
        at: now.toISOString(),
        actor_type: 'agent',
        actor_id: device.id,
        actor_email: null,
        kind: 'status',
        from_value: 'awaiting_user',
        to_value: 'investigating',
        disposition: null,
        note: null,
        request_id: requestId,
        correlation_id: null,
      });
    }
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'incident.question_answered',
        subject: { type: 'incident', id: q.incident_id },
        metadata: { question_id: q.id, comment_id: commentId, status_changed: statusChanged },
      },
      trx,
    );
    return { question_id: q.id, comment_id: commentId, status_changed: statusChanged };
  });
}
