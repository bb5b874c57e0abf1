import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import {
  closureSettings,
  insertRequest,
  insertSinglePersonClosure,
  pendingRequest,
  statusChanges,
} from './closure-store.js';
import type { IncidentCloseRequestsTable } from './closure-tables.js';
import type { IncidentsTable } from './tables.js';
import { timeOrderedId } from './time-ordered-id.js';
import type { TargetStatus } from './transitions.js';
import { insertHistory } from './workflow-store.js';

/**
 * The close side of a status change (document 2: closes needing a second person; docs/incidents.md,
 * Second-person closes). Kept apart from the approve/reject/withdraw service so the status change
 * can ask it without an import cycle.
 */
export interface GateCall {
  ctx: ServiceContext;
  principal: Principal;
  correlationId?: string | undefined;
}

export interface CloseAsk {
  target: TargetStatus;
  disposition: string;
  resolution: string;
  note: string | null;
  accepted_until: string | null;
}

/** What a close is about for the second-person rules: an accepted risk, a critical incident, or neither. */
export function closeKind(target: TargetStatus, severity: string): 'accepted_risk' | 'critical' | null {
  if (target === 'accepted_risk') return 'accepted_risk';
  return severity === 'critical' ? 'critical' : null;
}

export function requestView(q: IncidentCloseRequestsTable) {
  return {
    id: q.id,
    target: q.target,
    from_status: q.from_status,
    disposition: q.disposition,
    resolution: q.resolution,
    note: q.note,
    accepted_until: q.accepted_until,
    requested_by_id: q.requested_by,
    requested_by_email: q.requested_by_email,
    requested_at: q.requested_at,
    state: q.state,
    decided_by_id: q.decided_by,
    decided_at: q.decided_at,
    decision_note: q.decision_note,
  };
}

export function closurePending(): AppError {
  return new AppError(
    'incident.closure_pending',
    'a close of this incident is waiting for a second person: approve, reject or withdraw it first',
  );
}

/** A history line about a close request (kind `closure`, to = the request's new state). */
export async function closureLine(
  trx: Transaction<Database>,
  c: GateCall,
  r: IncidentsTable,
  email: string | null,
  q: Pick<IncidentCloseRequestsTable, 'target' | 'disposition'>,
  from: string | null,
  to: string,
  note: string | null,
  now: Date,
) {
  await insertHistory(trx, {
    id: timeOrderedId(now),
    tenant_id: r.tenant_id,
    incident_id: r.id,
    at: now.toISOString(),
    actor_type: auditContextFor(c.ctx).actor.type,
    actor_id: auditContextFor(c.ctx).actor.id,
    actor_email: email,
    kind: 'closure',
    from_value: from,
    to_value: to,
    disposition: q.disposition,
    note,
    request_id: auditContextFor(c.ctx).requestId,
    correlation_id: c.correlationId ?? null,
  });
}

/**
 * Before a close is applied: 409 while another close waits; when the tenant setting asks for a
 * second person, the close is stored as a pending request (history line, audit entry) and the
 * answer is `{status, pending_close}` with the incident unmoved. Null: close it now.
 */
export async function gateClose(c: GateCall, r: IncidentsTable, email: string | null, ask: CloseAsk) {
  if (await pendingRequest(c.ctx.db, r.id)) throw closurePending();
  const settings = await closureSettings(c.ctx.db, r.tenant_id);
  const kind = closeKind(ask.target, r.severity);
  const needed =
    (kind === 'accepted_risk' && settings.second_person_accepted_risk) ||
    (r.severity === 'critical' && settings.second_person_critical);
  if (!needed) return null;
  const now = c.ctx.clock.now();
  const q: IncidentCloseRequestsTable = {
    id: timeOrderedId(now),
    tenant_id: r.tenant_id,
    incident_id: r.id,
    target: ask.target,
    from_status: r.status,
    status_changes: await statusChanges(c.ctx.db, r.id),
    disposition: ask.disposition,
    resolution: ask.resolution,
    note: ask.note,
    accepted_until: ask.accepted_until,
    requested_by: c.principal.userId,
    requested_by_email: email,
    requested_at: now.toISOString(),
    state: 'pending',
    decided_by: null,
    decided_at: null,
    decision_note: null,
  };
  await c.ctx.db.transaction().execute(async (trx) => {
    if (await pendingRequest(trx, r.id)) throw closurePending();
    await insertRequest(trx, q);
    await closureLine(trx, c, r, email, q, null, 'pending', ask.note, now);
    await c.ctx.audit.write(
      auditContextFor(c.ctx),
      {
        action: 'incident.close_requested',
        subject: { type: 'incident', id: r.id },
        metadata: {
          reference: r.reference,
          close_request_id: q.id,
          target: q.target,
          disposition: q.disposition,
          accepted_until: q.accepted_until,
        },
      },
      trx,
    );
  });
  return { status: r.status, pending_close: requestView(q) };
}

/** A close no second person approved, of an accepted risk or a critical incident, is recorded. */
export async function recordSinglePerson(
  trx: Transaction<Database>,
  c: GateCall,
  r: IncidentsTable,
  email: string | null,
  target: TargetStatus,
  disposition: string,
  now: Date,
) {
  const kind = closeKind(target, r.severity);
  if (kind === null) return;
  await insertSinglePersonClosure(trx, {
    id: timeOrderedId(now),
    tenant_id: r.tenant_id,
    incident_id: r.id,
    reference: r.reference,
    kind,
    severity: r.severity,
    disposition,
    closed_by: c.principal.userId,
    closed_by_email: email,
    closed_at: now.toISOString(),
  });
}
