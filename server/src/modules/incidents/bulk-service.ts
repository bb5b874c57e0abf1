import { createHash, randomUUID } from 'node:crypto';
import { findUserByEmail } from '../../http/auth-store.js';
import { AppError, fieldError } from '../../http/errors.js';
import { auditContextFor } from '../../service-context.js';
import { claimBulkKey, findBulkKey, finishBulkKey, purgeBulkKeys, releaseBulkKey } from './bulk-store.js';
import { linkIncidents } from './links-service.js';
import { idOfReference } from './links-store.js';
import { markSynthetic, SYNTHETIC_REASON_MAX, SYNTHETIC_REASON_MIN } from './marking-service.js';
import { visible } from './service.js';
import type { IncidentsTable } from './tables.js';
import { type Disposition, isClose, storedStatusOf, type TargetStatus } from './transitions.js';
import {
  assignIncident,
  canWork,
  changeStatus,
  checkStatusFields,
  type PermissionsOf,
  type WorkflowCall,
} from './workflow-service.js';

/** Document 2, Limits: bulk triage takes 200 items; a key is 16-128 characters, kept a day. */
export const BULK_MAX_ITEMS = 200;
export const BULK_KEY_KEPT_MS = 24 * 60 * 60 * 1000;
export const BULK_ACTIONS = ['assign', 'status', 'mark_test', 'relate'] as const;
export const OUTCOMES = ['updated', 'unchanged', 'stale', 'unavailable', 'refused'] as const;
type Outcome = (typeof OUTCOMES)[number];

export interface BulkBody {
  idempotency_key: string;
  action: (typeof BULK_ACTIONS)[number];
  items: { id: string; row_version: number }[];
  assignee_email?: string | null | undefined;
  status?: TargetStatus | undefined;
  resolution?: string | undefined;
  note?: string | undefined;
  disposition?: Disposition | undefined;
  reason?: string | undefined;
  related?: string | undefined;
}

export interface BulkItem {
  id: string;
  outcome: Outcome;
  row_version: number | null;
  reason: string | null;
}

export interface BulkAnswer {
  idempotency_key: string;
  correlation_id: string;
  action: string;
  counts: Record<Outcome | 'total', number>;
  items: BulkItem[];
}

/** The fields each action takes besides the key, the action and the items. */
const FIELDS: Readonly<Record<BulkBody['action'], readonly string[]>> = {
  assign: ['assignee_email'],
  status: ['status', 'resolution', 'note', 'disposition'],
  mark_test: ['reason'],
  relate: ['related', 'note'],
};

/** JSON with object keys sorted: one text per meaning, for the body hash. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

type Step = (c: WorkflowCall, r: IncidentsTable, rowVersion: number) => Promise<BulkItem>;

const item = (id: string, outcome: Outcome, rowVersion: number | null, reason: string | null = null) => ({
  id,
  outcome,
  row_version: rowVersion,
  reason,
});

/**
 * Checks the request once, before anything is written (422 naming the field), and returns what
 * one item does. Every step is the single-incident service (workflow-service.ts,
 * links-service.ts, marking-service.ts): the rules live there only.
 */
async function prepare(c: WorkflowCall, permissionsOf: PermissionsOf, body: BulkBody): Promise<Step> {
  if (!(BULK_ACTIONS as readonly string[]).includes(body.action))
    throw fieldError('action', `must be one of: ${BULK_ACTIONS.join(', ')}`);
  for (const field of Object.values(FIELDS).flat())
    if (
      (body as unknown as Record<string, unknown>)[field] !== undefined &&
      !FIELDS[body.action].includes(field)
    )
      throw fieldError(field, `not taken by action ${body.action}`);
  if (new Set(body.items.map((i) => i.id.toLowerCase())).size !== body.items.length)
    throw fieldError('items', 'each incident may appear once');
  if (body.action === 'assign') {
    const email = body.assignee_email;
    if (email === undefined) throw fieldError('assignee_email', 'assign needs an e-mail or null');
    if (email !== null) {
      const u = await findUserByEmail(c.ctx.db, c.principal.tenantId, email.trim());
      if (!u || !(await canWork(permissionsOf, c.principal.tenantId, u)))
        throw fieldError('assignee_email', 'must be an active account that holds incidents:write');
    }
    return async (call, r, v) => {
      const out = await assignIncident(call, permissionsOf, r.id, {
        assignee_email: email,
        expected_version: v,
      });
      return item(r.id, out.changed ? 'updated' : 'unchanged', out.row_version);
    };
  }
  if (body.action === 'status') {
    const target = body.status;
    if (target === undefined) throw fieldError('status', 'status needs a target status');
    const status = {
      status: target,
      resolution: body.resolution,
      note: body.note,
      disposition: body.disposition,
    };
    const fields = checkStatusFields(status);
    return async (call, r, v) => {
      if (r.status === storedStatusOf(target) && (!isClose(target) || r.disposition === fields.disposition))
        return item(r.id, 'unchanged', r.row_version);
      const out = await changeStatus(call, r.id, { ...status, expected_version: v });
      // A close waiting for a second person leaves the incident where it was (docs/incidents.md).
      if ('pending_close' in out) return item(r.id, 'refused', r.row_version, 'pending_close');
      return item(r.id, 'updated', out.row_version);
    };
  }
  if (body.action === 'mark_test') {
    const reason = (body.reason ?? '').trim();
    if (reason.length < SYNTHETIC_REASON_MIN || reason.length > SYNTHETIC_REASON_MAX)
      throw fieldError(
        'reason',
        `mark_test needs a reason of ${SYNTHETIC_REASON_MIN}-${SYNTHETIC_REASON_MAX} characters`,
      );
    return async (call, r, v) => {
      const out = await markSynthetic(call, r.id, { synthetic: true, reason, expected_version: v });
      return item(r.id, out.changed ? 'updated' : 'unchanged', out.row_version);
    };
  }
  // relate: the other incident must be one the caller can open (one 422 for the request).
  const related = (body.related ?? '').trim();
  if (related === '') throw fieldError('related', 'relate needs an INC reference or id');
  const relatedId = /^[0-9a-f-]{36}$/i.test(related)
    ? related.toLowerCase()
    : await idOfReference(c.ctx.db, c.principal.tenantId, related);
  const other = relatedId === null ? null : await visible(c.ctx, c.principal, relatedId).catch(() => null);
  if (!other) throw fieldError('related', 'must name an incident you can open');
  return async (call, r) => {
    if (r.id === other.id) return item(r.id, 'refused', r.row_version, 'related_is_itself');
    try {
      const out = await linkIncidents(call, r.id, {
        related: other.id,
        ...(body.note ? { note: body.note } : {}),
      });
      return item(r.id, 'updated', out.row_version);
    } catch (err) {
      if (err instanceof AppError && err.code === 'incident.already_linked')
        return item(r.id, 'unchanged', r.row_version);
      throw err;
    }
  };
}

/** One item: missing/another tenant's/out of scope → unavailable; old row_version → stale. */
async function applyItem(
  c: WorkflowCall,
  step: Step,
  i: { id: string; row_version: number },
): Promise<BulkItem> {
  let r: IncidentsTable;
  try {
    r = await visible(c.ctx, c.principal, i.id);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return item(i.id, 'unavailable', null);
    throw err;
  }
  if (r.row_version !== i.row_version) return item(r.id, 'stale', r.row_version);
  try {
    return await step(c, r, i.row_version);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.status === 404) return item(r.id, 'unavailable', null);
    if (err.code === 'incident.stale_version') return item(r.id, 'stale', null);
    return item(r.id, 'refused', r.row_version, err.code);
  }
}

function conflict(code: 'incident.bulk_key_reused' | 'incident.bulk_in_progress', message: string): AppError {
  return new AppError(code, message, [{ field: 'idempotency_key', message }]);
}

/** POST /incidents/bulk (document 2, Bulk triage; docs/incidents.md, Bulk triage). */
export async function bulkTriage(
  c: WorkflowCall,
  permissionsOf: PermissionsOf,
  body: BulkBody,
): Promise<BulkAnswer & { replayed: boolean }> {
  const now = c.ctx.clock.now();
  const key = {
    tenant_id: c.principal.tenantId,
    user_id: c.principal.userId,
    idempotency_key: body.idempotency_key,
  };
  const hash = createHash('sha256').update(canonical(body)).digest('hex');
  const since = new Date(now.getTime() - BULK_KEY_KEPT_MS).toISOString();
  const replay = async () => {
    const kept = await findBulkKey(c.ctx.db, key, since);
    if (!kept) return null;
    if (kept.state !== 'done' || kept.response === null)
      throw conflict('incident.bulk_in_progress', 'a request with this idempotency key is still applying');
    if (kept.body_hash !== hash)
      throw conflict('incident.bulk_key_reused', 'this idempotency key was used with another request body');
    return { ...(JSON.parse(kept.response) as BulkAnswer), replayed: true };
  };
  const kept = await replay();
  if (kept) return kept;
  const step = await prepare(c, permissionsOf, body);
  await purgeBulkKeys(c.ctx.db, since);
  const correlationId = randomUUID();
  const claimed = await claimBulkKey(c.ctx.db, {
    ...key,
    body_hash: hash,
    correlation_id: correlationId,
    state: 'applying',
    response: null,
    created_at: now.toISOString(),
  });
  if (!claimed) {
    const raced = await replay();
    if (raced) return raced;
    throw conflict('incident.bulk_in_progress', 'a request with this idempotency key is still applying');
  }
  const call: WorkflowCall = { ...c, correlationId };
  const items: BulkItem[] = [];
  try {
    for (const i of body.items) items.push(await applyItem(call, step, i));
  } catch (err) {
    // An unexpected failure frees the key: a retry re-reads every item (written ones are stale).
    await releaseBulkKey(c.ctx.db, key);
    throw err;
  }
  const counts = Object.fromEntries(
    OUTCOMES.map((o) => [o, items.filter((i) => i.outcome === o).length]),
  ) as Record<Outcome, number>;
  const response: BulkAnswer = {
    idempotency_key: body.idempotency_key,
    correlation_id: correlationId,
    action: body.action,
    counts: { ...counts, total: items.length },
    items,
  };
  await c.ctx.audit.write(auditContextFor(c.ctx), {
    action: 'incident.bulk_triaged',
    subject: null,
    metadata: {
      correlation_id: correlationId,
      bulk_action: body.action,
      item_count: items.length,
      updated_count: counts.updated,
      refused_count: counts.refused,
      incident_ids: items.filter((i) => i.outcome === 'updated').map((i) => i.id),
    },
  });
  await finishBulkKey(c.ctx.db, key, JSON.stringify(response));
  return { ...response, replayed: false };
}
