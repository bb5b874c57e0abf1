import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { findUserByEmail, findUserById } from '../../http/auth-store.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { Permission } from '../../http/permissions.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { decideAcceptedUntil } from './accepted-risk.js';
import { acceptedUntilOf, clearAcceptance, setAcceptance } from './accepted-risk-store.js';
import { gateClose, recordSinglePerson } from './closure-gate.js';
import { departmentViews } from './department.js';
import { nameSettings } from './names-store.js';
import { checkQuestion, newQuestion, storeQuestion } from './question-service.js';
import { rescorePriority, scoreViews } from './scoring.js';
import { isAboutAccount, refuseSelfAction } from './self-action.js';
import { incidentRow, visible } from './service.js';
import { recordSlaTransition } from './sla-clock.js';
import { findIncident } from './store.js';
import type { IncidentsTable } from './tables.js';
import { timeOrderedId } from './time-ordered-id.js';
import {
  allowedTransitions,
  type Disposition,
  decideDisposition,
  isClose,
  isReopen,
  storedStatusOf,
  type TargetStatus,
} from './transitions.js';
import { activeUsers, insertHistory, updateIncidentIfVersion, type WorkflowPatch } from './workflow-store.js';

/** Resolves a stored account's permissions from its role's current definition (app.auth). */
export type PermissionsOf = (
  tenantId: string,
  user: { role: string; custom_role_id: string | null },
) => Promise<ReadonlySet<Permission>>;

export interface WorkflowCall {
  ctx: ServiceContext;
  principal: Principal;
  /** A bulk request's correlation id: on every history line and audit entry it writes. */
  correlationId?: string | undefined;
}

export const RESOLUTION_MIN = 15;

export interface StatusBody {
  status: TargetStatus;
  resolution?: string | undefined;
  note?: string | undefined;
  disposition?: Disposition | undefined;
  expected_version?: number | undefined;
  question?: string | undefined;
  accepted_until?: string | undefined;
}

/** The answer of a workflow write: the row, its open flag and what may happen next. */
export async function incidentState(db: ServiceContext['db'], r: IncidentsTable) {
  const priority = (await scoreViews(db, [r.id])).get(r.id)?.priority_factors ?? [];
  const department = (await departmentViews(db, [r.id])).get(r.id);
  const hidden = (await nameSettings(db, r.tenant_id)).names_hidden;
  return {
    ...incidentRow(r, priority, department, hidden),
    open: r.status !== 'closed',
    resolution: r.resolution,
    closed_at: r.closed_at,
    allowed_transitions: allowedTransitions(r.status),
  };
}

export function staleVersion(): AppError {
  return new AppError('incident.stale_version', 'the incident changed since you read it; reload and retry');
}

function checkExpected(r: IncidentsTable, expected: number | undefined): void {
  if (expected !== undefined && expected !== r.row_version) throw staleVersion();
}

async function actorEmail(c: WorkflowCall): Promise<string | null> {
  return (await findUserById(c.ctx.db, c.principal.tenantId, c.principal.userId))?.email ?? null;
}

/** The field rules of a status change, checked before anything is read (422 naming the field). */
export function checkStatusFields(body: StatusBody): {
  disposition: string | null;
  resolution: string | null;
} {
  if (body.question !== undefined && body.status !== 'awaiting_user')
    throw fieldError('question', 'only with status awaiting_user');
  if (body.status === 'awaiting_user' && (body.question ?? '').trim() === '')
    throw fieldError('question', 'awaiting_user needs a question for the person');
  const d = decideDisposition(body.status, body.disposition);
  if (!d.ok) throw fieldError('disposition', d.message);
  if (!isClose(body.status)) {
    if (body.resolution !== undefined) throw fieldError('resolution', 'an open status takes none');
    return { disposition: null, resolution: null };
  }
  const resolution = (body.resolution ?? '').trim();
  if (resolution.length < RESOLUTION_MIN)
    throw fieldError('resolution', `a close needs at least ${RESOLUTION_MIN} characters`);
  return { disposition: d.disposition, resolution };
}

/** One guarded incident write with its history line and audit entry, in one transaction. */
export async function writeIncident(
  c: WorkflowCall,
  r: IncidentsTable,
  patch: WorkflowPatch,
  line: {
    kind: 'status' | 'assignment';
    from: string | null;
    to: string | null;
    disposition?: string | null;
    note?: string | null;
  },
  audit: { action: string; metadata: Record<string, unknown> },
  also?: (trx: Transaction<Database>) => Promise<void>,
): Promise<IncidentsTable> {
  const now = c.ctx.clock.now();
  const email = await actorEmail(c);
  await c.ctx.db.transaction().execute(async (trx) => {
    const v = await updateIncidentIfVersion(trx, r.tenant_id, r.id, r.row_version, patch, now);
    if (v === null) throw staleVersion();
    if (patch.status !== undefined) await recordSlaTransition(trx, r, r.status, patch.status, now);
    if (patch.disposition !== undefined) await rescorePriority(trx, r.tenant_id, r.id, now);
    if (also) await also(trx);
    await insertHistory(trx, {
      id: timeOrderedId(now),
      tenant_id: r.tenant_id,
      incident_id: r.id,
      at: now.toISOString(),
      actor_type: auditContextFor(c.ctx).actor.type,
      actor_id: auditContextFor(c.ctx).actor.id,
      actor_email: email,
      kind: line.kind,
      from_value: line.from,
      to_value: line.to,
      disposition: line.disposition ?? null,
      note: line.note ?? null,
      request_id: auditContextFor(c.ctx).requestId,
      correlation_id: c.correlationId ?? null,
    });
    await c.ctx.audit.write(
      auditContextFor(c.ctx),
      {
        action: audit.action,
        subject: { type: 'incident', id: r.id },
        metadata: {
          reference: r.reference,
          ...audit.metadata,
          ...(c.correlationId ? { correlation_id: c.correlationId } : {}),
        },
      },
      trx,
    );
  });
  const after = await findIncident(c.ctx.db, r.tenant_id, r.id, null);
  if (!after) throw staleVersion();
  return after;
}

/** POST /incidents/{id}/status (document 2, Status change rules; docs/incidents.md). */
export async function changeStatus(c: WorkflowCall, id: string, body: StatusBody) {
  const fields = checkStatusFields(body);
  const r = await visible(c.ctx, c.principal, id);
  checkExpected(r, body.expected_version);
  if (!allowedTransitions(r.status).includes(body.status)) {
    throw new AppError(
      'incident.transition_illegal',
      `an incident cannot move from ${r.status} to ${body.status}`,
      [{ field: 'status', message: `from ${r.status} to ${body.status} is not a legal move` }],
    );
  }
  const email = await actorEmail(c);
  if (isClose(body.status) && isAboutAccount(r, email))
    await refuseSelfAction(c.ctx, r, 'close', c.correlationId);
  const question = body.status === 'awaiting_user' ? (body.question ?? '').trim() : null;
  if (question !== null) await checkQuestion(c.ctx, r, question);
  const to = storedStatusOf(body.status);
  const now = c.ctx.clock.now();
  const acceptedUntil = decideAcceptedUntil(body.status, body.accepted_until, now);
  if (isClose(body.status)) {
    const pending = await gateClose(c, r, email, {
      target: body.status,
      disposition: fields.disposition ?? '',
      resolution: fields.resolution ?? '',
      note: body.note ?? null,
      accepted_until: body.accepted_until === undefined ? null : acceptedUntil,
    });
    if (pending) return pending;
  }
  const patch: WorkflowPatch = { status: to };
  if (isClose(body.status)) {
    Object.assign(patch, {
      disposition: fields.disposition,
      resolution: fields.resolution,
      closed_at: now.toISOString(),
    });
  } else if (isReopen(r.status, body.status)) {
    Object.assign(patch, { disposition: null, resolution: null, closed_at: null });
  }
  const asked = question === null ? null : newQuestion(r, question, c.principal.userId, now);
  const also = async (trx: Transaction<Database>) => {
    if (asked) await storeQuestion(trx, asked, r.reference);
    if (isClose(body.status))
      await recordSinglePerson(trx, c, r, email, body.status, fields.disposition ?? '', now);
    if (acceptedUntil !== null)
      await setAcceptance(trx, {
        incident_id: r.id,
        tenant_id: r.tenant_id,
        accepted_until: acceptedUntil,
        accepted_by: c.principal.userId,
        accepted_at: now.toISOString(),
      });
    else if (isClose(body.status) || isReopen(r.status, body.status)) await clearAcceptance(trx, r.id);
  };
  const after = await writeIncident(
    c,
    r,
    patch,
    { kind: 'status', from: r.status, to, disposition: fields.disposition, note: body.note ?? null },
    {
      action: isReopen(r.status, body.status) ? 'incident.reopened' : 'incident.status_changed',
      metadata: {
        from: r.status,
        to,
        disposition: fields.disposition,
        ...(asked ? { question_id: asked.row.id } : {}),
        ...(acceptedUntil ? { accepted_until: acceptedUntil } : {}),
      },
    },
    also,
  );
  return { ...(await incidentState(c.ctx.db, after)), accepted_until: acceptedUntil };
}

/**
 * Whether an account may be given this incident: active, holds incidents:read and
 * incidents:write. Endpoint-group scopes of custom roles are not stored yet (document 3): when
 * they are, this is the one place that also checks the incident's group.
 */
export async function canWork(
  permissionsOf: PermissionsOf,
  tenantId: string,
  user: { role: string; custom_role_id: string | null; status?: string },
): Promise<boolean> {
  if (user.status !== undefined && user.status !== 'active') return false;
  const p = await permissionsOf(tenantId, user);
  return p.has('incidents:read') && p.has('incidents:write');
}

/** POST /incidents/{id}/assign. */
export async function assignIncident(
  c: WorkflowCall,
  permissionsOf: PermissionsOf,
  id: string,
  body: { assignee_email: string | null; expected_version?: number | undefined },
) {
  const r = await visible(c.ctx, c.principal, id);
  checkExpected(r, body.expected_version);
  let assignee: { id: string; email: string } | null = null;
  if (body.assignee_email !== null) {
    const u = await findUserByEmail(c.ctx.db, r.tenant_id, body.assignee_email.trim());
    if (!u || !(await canWork(permissionsOf, r.tenant_id, u)))
      throw fieldError(
        'assignee_email',
        'must be an active account that holds incidents:write and can open this incident',
      );
    if (u.id === c.principal.userId && isAboutAccount(r, u.email))
      await refuseSelfAction(c.ctx, r, 'assign_self', c.correlationId);
    assignee = { id: u.id, email: u.email };
  }
  if ((assignee?.id ?? null) === r.assignee_id)
    return {
      ...(await incidentState(c.ctx.db, r)),
      accepted_until: await acceptedUntilOf(c.ctx.db, r.id),
      changed: false,
    };
  const after = await writeIncident(
    c,
    r,
    { assignee_id: assignee?.id ?? null, assignee_email: assignee?.email ?? null },
    { kind: 'assignment', from: r.assignee_email, to: assignee?.email ?? null },
    {
      action: 'incident.assigned',
      metadata: { from_user_id: r.assignee_id, to_user_id: assignee?.id ?? null },
    },
  );
  return {
    ...(await incidentState(c.ctx.db, after)),
    accepted_until: await acceptedUntilOf(c.ctx.db, r.id),
    changed: true,
  };
}

/** GET /incidents/assignees: who may be given incidents (or this one), by e-mail. */
export async function listAssignees(
  ctx: ServiceContext,
  principal: Principal,
  permissionsOf: PermissionsOf,
  incidentId: string | undefined,
) {
  if (incidentId !== undefined) await visible(ctx, principal, incidentId);
  const out: { id: string; email: string; display_name: string | null }[] = [];
  for (const u of await activeUsers(ctx.db, principal.tenantId)) {
    if (await canWork(permissionsOf, principal.tenantId, u))
      out.push({ id: u.id, email: u.email, display_name: u.display_name });
  }
  return out;
}
