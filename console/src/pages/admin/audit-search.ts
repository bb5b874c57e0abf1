/** The audit log's filters, kept in the address so a filtered view can be shared. */
export interface AuditSearch {
  action?: string | undefined;
  actor_id?: string | undefined;
  subject_id?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  offset?: number | undefined;
}

export const AUDIT_PAGE = 50;
const TEXT = ['action', 'actor_id', 'subject_id', 'since', 'until'] as const;

export function parseAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {};
  for (const key of TEXT) {
    const value = raw[key];
    if (typeof value === 'string' && value.trim()) out[key] = value.trim();
  }
  const offset = Number(raw.offset);
  if (Number.isInteger(offset) && offset > 0) out.offset = offset;
  return out;
}

/** A datetime-local value (the person's clock) as an RFC 3339 instant for the API. */
function instant(local: string | undefined): string | undefined {
  if (!local) return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

export function toAuditQuery(s: AuditSearch) {
  const since = instant(s.since);
  const until = instant(s.until);
  return {
    limit: AUDIT_PAGE,
    offset: s.offset ?? 0,
    ...(s.action ? { action: s.action } : {}),
    ...(s.actor_id ? { actor_id: s.actor_id } : {}),
    ...(s.subject_id ? { subject_id: s.subject_id } : {}),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
  };
}
