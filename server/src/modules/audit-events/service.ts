import { actorOf, type ServiceContext } from '../../service-context.js';
import { shownMetadata } from './metadata-schema.js';
import { pageAuditEvents } from './store.js';

export interface AuditEventQuery {
  action?: string;
  actor_id?: string;
  subject_id?: string;
  since?: string;
  until?: string;
  limit?: number;
  offset?: number;
}

/** `GET /audit-events`: the actor's tenant only; times compared in their stored ISO form. */
export async function listAuditEvents(ctx: ServiceContext, q: AuditEventQuery) {
  const limit = q.limit ?? 50;
  const offset = q.offset ?? 0;
  const { total, rows } = await pageAuditEvents(
    ctx.db,
    actorOf(ctx).tenantId,
    {
      ...(q.action !== undefined ? { action: q.action } : {}),
      ...(q.actor_id !== undefined ? { actorId: q.actor_id } : {}),
      ...(q.subject_id !== undefined ? { subjectId: q.subject_id } : {}),
      ...(q.since !== undefined ? { since: new Date(q.since).toISOString() } : {}),
      ...(q.until !== undefined ? { until: new Date(q.until).toISOString() } : {}),
    },
    { limit, offset },
  );
  return {
    total,
    limit,
    offset,
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      actor_type: r.actor_type,
      actor_id: r.actor_id,
      subject_type: r.subject_type,
      subject_id: r.subject_id,
      metadata: shownMetadata(r.metadata),
      created_at: r.created_at,
    })),
  };
}
