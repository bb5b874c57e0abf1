import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { csvLine } from './csv.js';
import { MORE_FILTER_NAMES } from './list-filters.js';
import { type ListQuery, queryIncidents } from './service.js';
import type { IncidentsTable } from './tables.js';

/** Document 2, Limits: an incident CSV export holds at most 10,000 rows. */
export const EXPORT_ROW_LIMIT = 10_000;

/**
 * The columns of the export (docs/incidents.md, Export): fields the list already shows, never a
 * matched value, preview or evidence text. Order is the header order.
 */
const COLUMNS: readonly [string, (r: IncidentsTable) => string | number | boolean | null][] = [
  ['reference', (r) => r.reference],
  ['id', (r) => r.id],
  ['title', (r) => r.title],
  ['severity', (r) => r.severity],
  ['status', (r) => r.status],
  ['disposition', (r) => r.disposition],
  ['priority_score', (r) => r.priority_score],
  ['risk_score', (r) => r.risk_score],
  ['synthetic', (r) => r.synthetic === 1],
  ['channel', (r) => r.channel],
  ['action', (r) => r.action],
  ['requested_action', (r) => r.requested_action],
  ['hostname', (r) => r.hostname],
  ['username', (r) => r.username],
  ['policy_id', (r) => r.policy_id],
  ['policy_name', (r) => r.policy_name],
  ['assignee_email', (r) => r.assignee_email],
  ['event_count', (r) => r.event_count],
  ['match_count', (r) => r.match_count],
  ['created_at', (r) => r.created_at],
  ['first_seen_at', (r) => r.first_seen_at],
  ['last_seen_at', (r) => r.last_seen_at],
];
export const EXPORT_COLUMNS = COLUMNS.map(([name]) => name);

/** The query parameters that name a filter (sort is reported on its own). */
const FILTER_NAMES = [
  'status',
  'severity',
  'channel',
  'search',
  'username',
  'policy_id',
  'device',
  'open_only',
  'assignee',
  'created_since',
  'created_until',
  ...MORE_FILTER_NAMES,
] as const;

export interface IncidentExport {
  csv: string;
  total: number;
  truncated: boolean;
}

/**
 * GET /incidents/export: the list's filters and order (its own query code), at most
 * EXPORT_ROW_LIMIT rows, audited `incident.exported` with the counts and the names of the filters
 * used, never their values (a search or user name may itself be sensitive).
 */
export async function exportIncidents(
  ctx: ServiceContext,
  principal: Principal,
  q: Omit<ListQuery, 'limit' | 'offset'>,
  queryTimeoutMs: number,
): Promise<IncidentExport> {
  const page = { limit: EXPORT_ROW_LIMIT, offset: 0 };
  const { rows, total, sort, namesHidden } = await queryIncidents(ctx, principal, q, page, queryTimeoutMs);
  const truncated = total > rows.length;
  // Names hidden (names-service.ts): the user column stays, empty.
  const shown = (r: IncidentsTable) => (namesHidden ? { ...r, username: null } : r);
  const lines = [
    csvLine(EXPORT_COLUMNS),
    ...rows.map((r) => csvLine(COLUMNS.map(([, get]) => get(shown(r))))),
  ];
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'incident.exported',
    subject: null,
    metadata: {
      rows: rows.length,
      total,
      truncated,
      sort,
      filters: FILTER_NAMES.filter((name) => q[name] !== undefined),
    },
  });
  return { csv: lines.join(''), total, truncated };
}
