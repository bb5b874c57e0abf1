import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';

/** SQL over `audit_events` for reading the log (the one writer is http/audit.ts). */

export interface AuditEventFilter {
  /** Exact, or a prefix ending in `.`. */
  action?: string;
  actorId?: string;
  subjectId?: string;
  /** ISO-8601 bounds: since inclusive, until exclusive. */
  since?: string;
  until?: string;
}

/** A page of the tenant's entries, newest first (ties by id), and the count of all that match. */
export async function pageAuditEvents(
  db: Kysely<Database>,
  tenantId: string,
  filter: AuditEventFilter,
  page: { limit: number; offset: number },
) {
  let base = db.selectFrom('audit_events').where('tenant_id', '=', tenantId);
  if (filter.action !== undefined)
    base = filter.action.endsWith('.')
      ? // A literal prefix: `_` and `%` in an action name are characters, never wildcards.
        base.where(sql<string>`substr(action, 1, ${filter.action.length})`, '=', filter.action)
      : base.where('action', '=', filter.action);
  if (filter.actorId !== undefined) base = base.where('actor_id', '=', filter.actorId);
  if (filter.subjectId !== undefined) base = base.where('subject_id', '=', filter.subjectId);
  if (filter.since !== undefined) base = base.where('created_at', '>=', filter.since);
  if (filter.until !== undefined) base = base.where('created_at', '<', filter.until);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(total.n), rows };
}
