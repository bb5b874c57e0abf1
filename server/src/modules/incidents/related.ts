import type { Principal } from '../../http/principal.js';
import type { ServiceContext } from '../../service-context.js';
import { linkedIncidents } from './links-store.js';
import type { IncidentsTable } from './tables.js';

/** docs/incidents.md, Links: an incident holds at most 50 links. */
export const LINK_LIMIT = 50;

/** The detail's `related`: the linked incidents the caller may open, newest link first. */
export async function relatedOf(ctx: ServiceContext, p: Principal, r: IncidentsTable) {
  const rows = await linkedIncidents(ctx.db, p.tenantId, r.id, p.incidentScope ?? null, LINK_LIMIT);
  return rows.map((l) => ({
    id: l.id,
    reference: l.reference,
    title: l.title,
    severity: l.severity,
    status: l.status,
    note: l.note,
    linked_at: l.created_at,
    linked_by_email: l.created_by_email,
  }));
}
