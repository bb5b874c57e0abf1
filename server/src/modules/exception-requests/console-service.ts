import { personKey } from '@custos/engine';
import { findUserById } from '../../http/auth-store.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { actorOf, auditContextFor, type ServiceContext } from '../../service-context.js';
import {
  APPROVER_LABEL_MAX,
  clampMinutes,
  DEFAULT_APPROVER_LABEL,
  LAPSE_MS,
  type RequestState,
} from './rules.js';
import { issueDecision } from './signing.js';
import {
  countLapsedSince,
  findById,
  type ListFilter,
  labelRow,
  listRequests,
  type RequestRow,
  saveLabel,
  updateFrom,
} from './store.js';

/** A console request: its service context, the principal and the key that signs decisions. */
export interface ConsoleCall {
  ctx: ServiceContext;
  principal: Principal;
  masterKey: Buffer;
}

/** What the console shows of a request (the response schema lists the same fields). */
export function view(r: RequestRow) {
  return {
    id: r.id,
    reference: r.reference,
    state: r.state as RequestState,
    device_id: r.device_id,
    subject: r.subject,
    identity_unmapped: r.identity_unmapped === 1,
    policy_id: r.policy_id,
    policy_version: r.policy_version,
    policy_name: r.policy_name,
    channel: r.channel,
    destination: r.destination,
    file_name: r.file_name,
    file_hash: r.file_hash,
    category: r.category,
    justification: r.justification,
    prompt_reference: r.prompt_reference,
    created_at: r.created_at,
    lapses_at: r.lapses_at,
    decided_at: r.decided_at,
    decided_by: r.decided_by,
    note: r.decision_note,
    approved_until: r.approved_until,
    closed_at: r.closed_at,
    close_reason: r.close_reason,
  };
}

export async function listForConsole(ctx: ServiceContext, f: ListFilter) {
  const { tenantId } = actorOf(ctx);
  const { rows, total } = await listRequests(ctx.db, tenantId, f);
  const since = new Date(ctx.clock.now().getTime() - 30 * 24 * 3_600_000).toISOString();
  return {
    requests: rows.map(view),
    total,
    limit: f.limit,
    offset: f.offset,
    lapsed: await countLapsedSince(ctx.db, tenantId, since),
    sla_hours: LAPSE_MS / 3_600_000,
  };
}

export async function getForConsole(ctx: ServiceContext, id: string) {
  const r = await findById(ctx.db, actorOf(ctx).tenantId, id);
  if (!r) throw notFound('exception request');
  return view(r);
}

function notPending(state: string): AppError {
  return new AppError('exception.not_pending', `the request is ${state}, not pending`, [
    { field: 'state', message: state },
  ]);
}

/**
 * Approve (signed, at most eight hours) or refuse (signed, so the endpoint stops waiting). Nobody
 * decides a request raised from their own account: refused 403 and audited. A request without a
 * subject is decided with `identity_unmapped` recorded.
 */
export async function decide(
  c: ConsoleCall,
  id: string,
  body: { approve: boolean; note?: string; minutes?: number },
) {
  const { ctx } = c;
  const r = await findById(ctx.db, c.principal.tenantId, id);
  if (!r) throw notFound('exception request');
  if (r.state !== 'pending') throw notPending(r.state);
  const email = (await findUserById(ctx.db, c.principal.tenantId, c.principal.userId))?.email ?? null;
  if (r.subject && email && personKey(r.subject) !== '' && personKey(r.subject) === personKey(email)) {
    await ctx.audit.write(auditContextFor(c.ctx), {
      action: 'exception.self_decision_refused',
      subject: { type: 'exception_request', id: r.id },
      metadata: { reference: r.reference },
    });
    throw new AppError('exception.self_decision_refused', 'this request was raised from your own account');
  }
  const now = ctx.clock.now();
  const minutes = body.approve ? clampMinutes(body.minutes) : 0;
  const until = new Date(now.getTime() + minutes * 60_000);
  const unmapped = r.subject === null;
  const state = body.approve ? 'approved' : 'refused';
  const serial = await ctx.db.transaction().execute(async (trx) => {
    const moved = await updateFrom(trx, r.id, 'pending', {
      state,
      decided_at: now.toISOString(),
      decided_by: c.principal.userId,
      decision_note: body.note?.trim() || null,
      approved_until: body.approve ? until.toISOString() : null,
      identity_unmapped: unmapped ? 1 : 0,
    });
    if (!moved) return null;
    const n = await issueDecision(c.masterKey, trx, r, state, now, until);
    // The note stays out of the log: only its length.
    await ctx.audit.write(
      auditContextFor(c.ctx),
      {
        action: 'exception.decided',
        subject: { type: 'exception_request', id: r.id },
        metadata: {
          reference: r.reference,
          decision: state,
          minutes,
          serial: n,
          identity_unmapped: unmapped,
          note_length: body.note?.trim().length ?? 0,
        },
      },
      trx,
    );
    return n;
  });
  if (serial === null) throw notPending('changed');
  return view((await findById(ctx.db, c.principal.tenantId, id)) as RequestRow);
}

/**
 * The approver takes an approval back while it is in force: a second signed decision at a new
 * serial. A pending request is refused instead (409); an approval that already ran out is 409.
 */
export async function withdrawByApprover(c: ConsoleCall, id: string, reason: string) {
  const { ctx } = c;
  const r = await findById(ctx.db, c.principal.tenantId, id);
  if (!r) throw notFound('exception request');
  if (r.state !== 'approved') throw notPending(r.state);
  const now = ctx.clock.now();
  if (!r.approved_until || Date.parse(r.approved_until) <= now.getTime())
    throw new AppError('exception.run_out', 'the approval already ran out; there is nothing to withdraw');
  const serial = await ctx.db.transaction().execute(async (trx) => {
    const moved = await updateFrom(trx, r.id, 'approved', {
      state: 'withdrawn',
      closed_at: now.toISOString(),
      closed_by: c.principal.userId,
      close_reason: reason.trim(),
    });
    if (!moved) return null;
    const n = await issueDecision(c.masterKey, trx, r, 'withdrawn', now, now);
    await ctx.audit.write(
      auditContextFor(c.ctx),
      {
        action: 'exception.withdrawn',
        subject: { type: 'exception_request', id: r.id },
        metadata: { reference: r.reference, serial: n, reason_length: reason.trim().length },
      },
      trx,
    );
    return n;
  });
  if (serial === null) throw notPending('changed');
  return view((await findById(ctx.db, c.principal.tenantId, id)) as RequestRow);
}

/**
 * GET /settings/approver-label: the tenant's label (null: the default), the label people see,
 * and when it was set. Display only (pending closes in the console name it too).
 */
export async function getApproverLabel(ctx: ServiceContext, principal: Principal) {
  const row = await labelRow(ctx.db, principal.tenantId);
  return {
    label: row?.approver_label ?? null,
    shown_label: row?.approver_label ?? DEFAULT_APPROVER_LABEL,
    updated_at: row?.updated_at ?? null,
  };
}

/** Display only; blank restores the default. */
export async function setApproverLabel(c: ConsoleCall, label: string, reason: string) {
  const trimmed = label.trim();
  if ([...trimmed].length > APPROVER_LABEL_MAX)
    throw new AppError('request.invalid', 'the request has invalid fields', [
      { field: 'label', message: `at most ${APPROVER_LABEL_MAX} characters` },
    ]);
  const now = c.ctx.clock.now().toISOString();
  await saveLabel(c.ctx.db, c.principal.tenantId, trimmed === '' ? null : trimmed, c.principal.userId, now);
  await c.ctx.audit.write(auditContextFor(c.ctx), {
    action: 'settings.approver_label_changed',
    metadata: {
      default_label: trimmed === '',
      length: [...trimmed].length,
      reason_length: reason.trim().length,
    },
  });
  return { label: trimmed === '' ? null : trimmed, updated_at: now };
}
