import { findUserById } from '../../http/auth-store.js';
import { fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { historyRow, visible } from './service.js';
import { timeOrderedId } from './time-ordered-id.js';
import { commentPage, historyPage, insertComment } from './workflow-store.js';
import type { IncidentCommentsTable } from './workflow-tables.js';

/** A comment is at most as long as a status note (docs/incidents.md, Comments). */
export const COMMENT_MAX = 10_000;

export function commentRow(c: IncidentCommentsTable) {
  return {
    id: c.id,
    author_id: c.author_id,
    author_email: c.author_email,
    body: c.body,
    from_person: c.from_person === 1,
    created_at: c.created_at,
  };
}

export async function listComments(
  ctx: ServiceContext,
  p: Principal,
  id: string,
  limit: number,
  offset: number,
) {
  const r = await visible(ctx, p, id);
  const { rows, total } = await commentPage(ctx.db, r.id, limit, offset);
  return { items: rows.map(commentRow), total, limit, offset };
}

/** POST /incidents/{id}/comments: audited without its text (a comment may quote evidence). */
export async function addComment(ctx: ServiceContext, p: Principal, id: string, text: string) {
  const body = text.trim();
  if (body === '') throw fieldError('body', 'must not be blank');
  const r = await visible(ctx, p, id);
  const now = ctx.clock.now();
  const author = await findUserById(ctx.db, p.tenantId, p.userId);
  const row: IncidentCommentsTable = {
    id: timeOrderedId(now),
    tenant_id: r.tenant_id,
    incident_id: r.id,
    author_id: p.userId,
    author_email: author?.email ?? null,
    body,
    from_person: 0,
    created_at: now.toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertComment(trx, row);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'incident.commented',
        subject: { type: 'incident', id: r.id },
        metadata: { reference: r.reference, comment_id: row.id, length: body.length },
      },
      trx,
    );
  });
  return commentRow(row);
}

export async function listHistory(
  ctx: ServiceContext,
  p: Principal,
  id: string,
  limit: number,
  offset: number,
) {
  const r = await visible(ctx, p, id);
  const { rows, total } = await historyPage(ctx.db, r.id, limit, offset);
  return { items: rows.map(historyRow), total, limit, offset };
}
