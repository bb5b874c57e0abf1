import { randomBytes, randomUUID } from 'node:crypto';
import { JUSTIFICATION_MESSAGES, justificationProblems } from '@custos/engine';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import type { PolicyPort } from '../../ports/policy-port.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import type { DevicesTable } from '../agents/public.js';
import {
  DEFAULT_APPROVER_LABEL,
  LAPSE_MS,
  PENDING_PER_DEVICE,
  type RequestState,
  STATES_WINDOW_MS,
} from './rules.js';
import {
  countPending,
  decisionsAbove,
  deviceRequestsSince,
  findByKey,
  findDeviceRequest,
  findLabel,
  insertRequest,
  type RequestRow,
  updateFrom,
} from './store.js';

/** The agent's request payload (docs/agent-interface.md, Exception requests). */
export interface RaiseBody {
  request_key: string;
  policy_id: string;
  policy_version: number;
  channel: string;
  destination?: string | null;
  file_hash: string;
  file_name?: string | null;
  category: string;
  justification: string;
  prompt_reference: string;
  subject?: string | null;
}

export async function approverLabel(ctx: ServiceContext, tenantId: string): Promise<string> {
  return (await findLabel(ctx.db, tenantId)) ?? DEFAULT_APPROVER_LABEL;
}

/** `EXC-` and eight characters of an alphabet without look-alikes. */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `EXC-${[...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

function checkJustification(body: RaiseBody): void {
  const problems = justificationProblems(body.justification, { category_label: body.category });
  if (problems.length > 0)
    throw new AppError(
      'request.invalid',
      'the request has invalid fields',
      problems.map((p) => ({ field: 'justification', message: JUSTIFICATION_MESSAGES[p] })),
    );
}

/**
 * Records a request raised from an `approval_required` prompt. A retry with the same
 * `request_key` answers the first request; the justification rules are applied again here.
 */
export async function raiseRequest(
  ctx: ServiceContext,
  policies: PolicyPort,
  device: DevicesTable,
  body: RaiseBody,
) {
  const label = await approverLabel(ctx, device.tenant_id);
  const known = await findByKey(ctx.db, device.id, body.request_key);
  if (known)
    return {
      id: known.id,
      reference: known.reference,
      state: known.state as RequestState,
      approver_label: label,
    };
  checkJustification(body);
  const policy = await policies.getPolicyForIncident(ctx.db, device.tenant_id, body.policy_id);
  if (!policy) throw fieldError('policy_id', 'no such policy in this tenant');
  if ((await countPending(ctx.db, device.id)) >= PENDING_PER_DEVICE)
    throw new AppError(
      'exception.pending_limit',
      `this endpoint already holds ${PENDING_PER_DEVICE} pending requests`,
    );
  const now = ctx.clock.now();
  const subject = body.subject?.trim() || null;
  const row: RequestRow = {
    id: randomUUID(),
    tenant_id: device.tenant_id,
    reference: newReference(),
    device_id: device.id,
    request_key: body.request_key,
    state: 'pending',
    subject,
    policy_id: policy.id,
    policy_version: body.policy_version,
    policy_name: policy.name,
    channel: body.channel,
    destination: body.destination ?? null,
    file_hash: body.file_hash.toLowerCase(),
    file_name: body.file_name ?? null,
    category: body.category,
    justification: body.justification.trim(),
    prompt_reference: body.prompt_reference,
    created_at: now.toISOString(),
    lapses_at: new Date(now.getTime() + LAPSE_MS).toISOString(),
    decided_at: null,
    decided_by: null,
    decision_note: null,
    approved_until: null,
    identity_unmapped: 0,
    closed_at: null,
    closed_by: null,
    close_reason: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertRequest(trx, row);
    // Never the reason, file name, destination or account (document 2, Audit).
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'exception.requested',
        subject: { type: 'exception_request', id: row.id },
        metadata: {
          reference: row.reference,
          policy_name: policy.name,
          category: row.category,
          person_named: subject !== null,
        },
      },
      trx,
    );
  });
  return { id: row.id, reference: row.reference, state: 'pending' as const, approver_label: label };
}

/** The person withdraws a pending request from the endpoint; nothing is signed. */
export async function withdrawByDevice(ctx: ServiceContext, device: DevicesTable, reference: string) {
  const row = await findDeviceRequest(ctx.db, device.tenant_id, device.id, reference);
  if (!row) throw notFound('exception request');
  const now = ctx.clock.now().toISOString();
  const moved =
    row.state === 'pending' &&
    (await ctx.db.transaction().execute(async (trx) => {
      if (
        !(await updateFrom(trx, row.id, 'pending', { state: 'withdrawn', closed_at: now, closed_by: null }))
      )
        return false;
      await ctx.audit.write(
        auditContextFor(ctx),
        {
          action: 'exception.request_withdrawn',
          subject: { type: 'exception_request', id: row.id },
          metadata: { reference: row.reference },
        },
        trx,
      );
      return true;
    }));
  if (!moved) {
    const state = row.state === 'pending' ? 'changed' : row.state;
    throw new AppError('exception.not_pending', `the request is ${state}, not pending`, [
      { field: 'state', message: state },
    ]);
  }
  return { reference: row.reference, state: 'withdrawn' as const, withdrawn_at: now, withdrawn: 1 };
}

/** Signed decisions above the device's floor, the label, and the states of its recent requests. */
export async function pollDecisions(ctx: ServiceContext, device: DevicesTable, since: number) {
  const now = ctx.clock.now();
  const rows = await decisionsAbove(ctx.db, device.id, since, 100);
  const states = await deviceRequestsSince(
    ctx.db,
    device.id,
    new Date(now.getTime() - STATES_WINDOW_MS).toISOString(),
  );
  return {
    decisions: rows.map((r) => JSON.parse(r.envelope) as Record<string, string>),
    approver_label: await approverLabel(ctx, device.tenant_id),
    requests: states.map((r) => ({ reference: r.reference, state: r.state as RequestState })),
  };
}
