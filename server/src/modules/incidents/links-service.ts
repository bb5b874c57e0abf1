import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { findUserById } from '../../http/auth-store.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import {
  bumpRowVersions,
  countLinks,
  deleteLink,
  findLink,
  idOfReference,
  insertLink,
  pairOf,
} from './links-store.js';
import { LINK_LIMIT, relatedOf } from './related.js';
import { visible } from './service.js';
import type { IncidentsTable } from './tables.js';
import { timeOrderedId } from './time-ordered-id.js';
import type { WorkflowCall } from './workflow-service.js';
import { insertHistory } from './workflow-store.js';

/** docs/incidents.md, Links: a note ≤ 500; a removal reason 5–500 (LINK_LIMIT in related.ts). */
export const LINK_NOTE_MAX = 500;
export const UNLINK_REASON_MIN = 5;
export const UNLINK_REASON_MAX = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The other incident, by INC reference or id, under the same visibility rule as the first:
 * another tenant's, a missing and an out-of-scope incident are the identical 404.
 */
async function otherIncident(ctx: ServiceContext, p: Principal, related: string): Promise<IncidentsTable> {
  const id = UUID.test(related) ? related.toLowerCase() : await idOfReference(ctx.db, p.tenantId, related);
  if (id === null) throw notFound('incident');
  return visible(ctx, p, id);
}

async function answer(ctx: ServiceContext, p: Principal, id: string) {
  const r = await visible(ctx, p, id);
  return {
    id: r.id,
    reference: r.reference,
    row_version: r.row_version,
    related: await relatedOf(ctx, p, r),
  };
}

async function writeBoth(
  c: WorkflowCall,
  a: IncidentsTable,
  b: IncidentsTable,
  kind: 'link' | 'unlink',
  note: string | null,
  change: (trx: Transaction<Database>, actorEmail: string | null) => Promise<void>,
) {
  const now = c.ctx.clock.now();
  const email = (await findUserById(c.ctx.db, c.principal.tenantId, c.principal.userId))?.email ?? null;
  await c.ctx.db.transaction().execute(async (trx) => {
    await change(trx, email);
    await bumpRowVersions(trx, [a.id, b.id], now);
    // One history line and one audit entry on each incident, naming the other one.
    for (const [self, other] of [
      [a, b],
      [b, a],
    ] as const) {
      await insertHistory(trx, {
        id: timeOrderedId(now),
        tenant_id: self.tenant_id,
        incident_id: self.id,
        at: now.toISOString(),
        actor_type: auditContextFor(c.ctx).actor.type,
        actor_id: auditContextFor(c.ctx).actor.id,
        actor_email: email,
        kind,
        from_value: kind === 'unlink' ? other.reference : null,
        to_value: kind === 'link' ? other.reference : null,
        disposition: null,
        note,
        request_id: c.ctx.requestId,
        correlation_id: c.correlationId ?? null,
      });
      await c.ctx.audit.write(
        auditContextFor(c.ctx),
        {
          action: kind === 'link' ? 'incident.linked' : 'incident.unlinked',
          subject: { type: 'incident', id: self.id },
          // Without the note or reason text: either may quote evidence (as comments).
          metadata: {
            reference: self.reference,
            related_id: other.id,
            related_reference: other.reference,
            ...(c.correlationId ? { correlation_id: c.correlationId } : {}),
            ...(kind === 'link' ? { note_length: note?.length ?? 0 } : { reason_length: note?.length ?? 0 }),
          },
        },
        trx,
      );
    }
  });
}

/** POST /incidents/{id}/links (document 2): undirected, stored once. */
export async function linkIncidents(c: WorkflowCall, id: string, body: { related: string; note?: string }) {
  const note = (body.note ?? '').trim() || null;
  const a = await visible(c.ctx, c.principal, id);
  const b = await otherIncident(c.ctx, c.principal, body.related);
  if (a.id === b.id) throw fieldError('related', 'must name another incident');
  await writeBoth(c, a, b, 'link', note, async (trx, email) => {
    if (await findLink(trx, a.id, b.id))
      throw new AppError('incident.already_linked', `${a.reference} and ${b.reference} are already linked`);
    for (const r of [a, b]) {
      if ((await countLinks(trx, r.id)) >= LINK_LIMIT)
        throw new AppError('incident.link_limit', `${r.reference} already has ${LINK_LIMIT} links`);
    }
    await insertLink(trx, {
      tenant_id: a.tenant_id,
      ...pairOf(a.id, b.id),
      note,
      created_by: c.principal.userId,
      created_by_email: email,
      created_at: c.ctx.clock.now().toISOString(),
    });
  });
  return answer(c.ctx, c.principal, a.id);
}

/** DELETE /incidents/{id}/links/{related_id}?reason= (document 2): removing needs a reason. */
export async function unlinkIncidents(c: WorkflowCall, id: string, relatedId: string, rawReason: string) {
  const reason = rawReason.trim();
  if (reason.length < UNLINK_REASON_MIN)
    throw fieldError('reason', `must be at least ${UNLINK_REASON_MIN} characters`);
  const a = await visible(c.ctx, c.principal, id);
  const b = await otherIncident(c.ctx, c.principal, relatedId);
  await writeBoth(c, a, b, 'unlink', reason, async (trx) => {
    if (!(await findLink(trx, a.id, b.id))) throw notFound('link');
    await deleteLink(trx, a.id, b.id);
  });
  return answer(c.ctx, c.principal, a.id);
}
