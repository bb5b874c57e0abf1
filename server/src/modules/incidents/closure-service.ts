import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { findUserById } from '../../http/auth-store.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { ACCEPTED_DEFAULT_MS } from './accepted-risk.js';
import { acceptedUntilOf, setAcceptance } from './accepted-risk-store.js';
import { closureLine, requestView } from './closure-gate.js';
import {
  closureSettings,
  decideRequest,
  pendingRequest,
  saveClosureSettings,
  singlePersonPage,
  statusChanges,
} from './closure-store.js';
import type { IncidentCloseRequestsTable } from './closure-tables.js';
import { isAboutAccount } from './self-action.js';
import { visible } from './service.js';
import type { IncidentsTable } from './tables.js';
import { incidentState, type WorkflowCall, writeIncident } from './workflow-service.js';

export type ClosureDecision = 'approve' | 'reject' | 'withdraw';

function notPending(): AppError {
  return new AppError('incident.closure_not_pending', 'no close of this incident is waiting for a decision');
}

function stale(why: string): AppError {
  return new AppError('incident.closure_stale', why);
}

/** Refused deciders are audited (they change nothing else) and answered 403. */
async function refuse(
  c: WorkflowCall,
  r: IncidentsTable,
  q: IncidentCloseRequestsTable,
  decision: ClosureDecision,
  reason: 'requester' | 'subject' | 'not_requester',
  message: string,
): Promise<never> {
  await c.ctx.audit.write(auditContextFor(c.ctx), {
    action: 'incident.closure_refused',
    subject: { type: 'incident', id: r.id },
    metadata: { reference: r.reference, close_request_id: q.id, attempted: decision, reason },
  });
  throw new AppError('incident.closure_refused', message);
}

/**
 * POST /incidents/{id}/closure/{approve|reject|withdraw} (document 2; docs/incidents.md,
 * Second-person closes). Approve applies the asked close; reject and withdraw end the request and
 * leave the incident where it is (it never moved).
 */
export async function decideClose(
  c: WorkflowCall,
  id: string,
  decision: ClosureDecision,
  note: string | null,
) {
  const r = await visible(c.ctx, c.principal, id);
  const q = await pendingRequest(c.ctx.db, r.id);
  if (!q) throw notPending();
  const email = (await findUserById(c.ctx.db, r.tenant_id, c.principal.userId))?.email ?? null;
  const mine = q.requested_by === c.principal.userId;
  if (decision === 'withdraw') {
    if (!mine)
      await refuse(c, r, q, decision, 'not_requester', 'only the person who asked can withdraw a close');
  } else {
    if (mine)
      await refuse(c, r, q, decision, 'requester', 'a second person must decide the close you asked for');
    if (isAboutAccount(r, email))
      await refuse(c, r, q, decision, 'subject', 'this incident is about your own account');
  }
  const now = c.ctx.clock.now();
  const decided = {
    state: decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'withdrawn',
    decided_by: c.principal.userId,
    decided_at: now.toISOString(),
    decision_note: note,
  };
  const settle = async (trx: Transaction<Database>) => {
    if (!(await decideRequest(trx, q.id, decided))) throw notPending();
    await closureLine(trx, c, r, email, q, 'pending', decided.state, note, now);
  };
  if (decision !== 'approve') {
    await c.ctx.db.transaction().execute(async (trx) => {
      await settle(trx);
      await c.ctx.audit.write(
        auditContextFor(c.ctx),
        {
          action: decision === 'reject' ? 'incident.close_rejected' : 'incident.close_withdrawn',
          subject: { type: 'incident', id: r.id },
          metadata: { reference: r.reference, close_request_id: q.id, target: q.target },
        },
        trx,
      );
    });
    return {
      ...(await incidentState(c.ctx.db, r)),
      accepted_until: await acceptedUntilOf(c.ctx.db, r.id),
      close_request: requestView({ ...q, ...decided }),
    };
  }
  // Approving a request the incident has moved on from is 409 (document 2).
  if (r.status !== q.from_status || (await statusChanges(c.ctx.db, r.id)) !== q.status_changes)
    throw stale('the incident moved since the close was asked for: ask again');
  let acceptedUntil: string | null = null;
  if (q.target === 'accepted_risk') {
    acceptedUntil = q.accepted_until ?? new Date(now.getTime() + ACCEPTED_DEFAULT_MS).toISOString();
    if (Date.parse(acceptedUntil) <= now.getTime())
      throw stale('the accepted_until this close asked for has passed: ask again');
  }
  const after = await writeIncident(
    c,
    r,
    { status: 'closed', disposition: q.disposition, resolution: q.resolution, closed_at: now.toISOString() },
    { kind: 'status', from: r.status, to: 'closed', disposition: q.disposition, note: q.note },
    {
      action: 'incident.close_approved',
      metadata: {
        from: r.status,
        to: 'closed',
        disposition: q.disposition,
        close_request_id: q.id,
        requested_by: q.requested_by,
        ...(acceptedUntil ? { accepted_until: acceptedUntil } : {}),
      },
    },
    async (trx) => {
      await settle(trx);
      if (acceptedUntil !== null)
        await setAcceptance(trx, {
          incident_id: r.id,
          tenant_id: r.tenant_id,
          accepted_until: acceptedUntil,
          accepted_by: q.requested_by,
          accepted_at: now.toISOString(),
        });
    },
  );
  return {
    ...(await incidentState(c.ctx.db, after)),
    accepted_until: acceptedUntil,
    close_request: requestView({ ...q, ...decided }),
  };
}

/** GET /settings/incident-closure: both switches and when they were last set (null: never). */
export async function closureSettingsOf(ctx: ServiceContext, principal: Principal) {
  return closureSettings(ctx.db, principal.tenantId);
}

/** POST /settings/incident-closure: both switches replaced together, audited with before and after. */
export async function setClosureSettings(
  ctx: ServiceContext,
  tenantId: string,
  v: { second_person_accepted_risk: boolean; second_person_critical: boolean },
) {
  const before = await closureSettings(ctx.db, tenantId);
  const at = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await saveClosureSettings(trx, tenantId, v, at);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'settings.incident_closure_changed',
        subject: { type: 'tenant', id: tenantId },
        metadata: {
          second_person_accepted_risk: v.second_person_accepted_risk,
          second_person_critical: v.second_person_critical,
          previous_accepted_risk: before.second_person_accepted_risk,
          previous_critical: before.second_person_critical,
        },
      },
      trx,
    );
  });
  return { ...v, updated_at: at };
}

/** GET /incidents/single-person-closures: newest first, the whole tenant (audit:read). */
export async function listSinglePersonClosures(
  ctx: ServiceContext,
  principal: Principal,
  limit: number,
  offset: number,
) {
  const { rows, total } = await singlePersonPage(ctx.db, principal.tenantId, limit, offset);
  return {
    items: rows.map((x) => ({
      incident_id: x.incident_id,
      reference: x.reference,
      kind: x.kind,
      severity: x.severity,
      disposition: x.disposition,
      closed_by_id: x.closed_by,
      closed_by_email: x.closed_by_email,
      closed_at: x.closed_at,
    })),
    total,
    limit,
    offset,
  };
}
