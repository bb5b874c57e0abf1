import type { Principal } from '../../http/principal.js';
import type {
  FigureGrouping,
  ReportFigureRow,
  ReportIncidentQuery,
  ReportIncidentRow,
  ReportIncidentsPort,
} from '../../ports/report-incidents-port.js';
import type { ServiceContext } from '../../service-context.js';
import { boundedListing } from './query-timeout.js';
import { countIncidentsBySeverityAndStatus, incidentFigures } from './report-store.js';
import { listFilterOf, SEVERITIES } from './service.js';
import { slaTargets } from './sla-store.js';
import { parseSort } from './sort.js';
import { type IncidentFilter, listIncidents } from './store.js';
import type { IncidentsTable } from './tables.js';

/**
 * The incidents module's answer to the reports port (ports/report-incidents-port.ts): the list's
 * own filter parsing, scope and time limit, so a report shows exactly what the queue would.
 */
async function filterOf(
  ctx: ServiceContext,
  principal: Principal,
  q: ReportIncidentQuery,
): Promise<IncidentFilter> {
  const filter: IncidentFilter = { ...listFilterOf(principal, q), hostname: q.hostname };
  if (filter.more?.sla !== undefined)
    filter.more.slaAt = { targets: await slaTargets(ctx.db, principal.tenantId), now: ctx.clock.now() };
  return filter;
}

const LABELS: Record<FigureGrouping, (key: string | null, policyName: string | null) => string> = {
  severity: (k) => k ?? '',
  channel: (k) => k ?? '',
  policy: (k, name) => name ?? (k === null ? 'no policy' : k),
};

/** Only the fields a report shows (never a matched value, preview or evidence text). */
function reportRow(r: IncidentsTable): ReportIncidentRow {
  return {
    id: r.id,
    reference: r.reference,
    title: r.title,
    severity: r.severity,
    status: r.status,
    priority_score: r.priority_score,
    risk_score: r.risk_score,
    channel: r.channel,
    action: r.action,
    hostname: r.hostname,
    username: r.username,
    policy_id: r.policy_id,
    policy_name: r.policy_name,
    assignee_email: r.assignee_email,
    created_at: r.created_at,
    first_seen_at: r.first_seen_at,
    last_seen_at: r.last_seen_at,
  };
}

const order = (g: string) => (SEVERITIES as readonly string[]).indexOf(g);

export const reportIncidents: ReportIncidentsPort = {
  check(principal, q) {
    listFilterOf(principal, q);
    parseSort(q.sort);
  },

  async rows(parts, principal, q, page) {
    const filter = await filterOf(parts.ctx, principal, q);
    const sort = parseSort(q.sort);
    const { rows, total } = await boundedListing(parts.ctx, parts.queryTimeoutMs, (db, budget) =>
      listIncidents(db, principal.tenantId, { ...filter, budget }, sort, page),
    );
    return { rows: rows.map(reportRow), total };
  },

  async counts(parts, principal, q) {
    const filter = await filterOf(parts.ctx, principal, q);
    return boundedListing(parts.ctx, parts.queryTimeoutMs, (db, budget) =>
      countIncidentsBySeverityAndStatus(db, principal.tenantId, { ...filter, budget }),
    );
  },

  async figures(parts, principal, grouping, since) {
    const filter = await filterOf(parts.ctx, principal, { created_since: since });
    const rows = await boundedListing(parts.ctx, parts.queryTimeoutMs, (db, budget) =>
      incidentFigures(db, principal.tenantId, { ...filter, budget }, grouping),
    );
    const out: ReportFigureRow[] = rows.map((r) => ({
      group: r.group_key ?? '',
      label: LABELS[grouping](r.group_key, r.policy_name),
      incidents: Number(r.incidents),
      open: Number(r.open),
      blocked: Number(r.blocked),
      response_met: Number(r.response_met),
      response_missed: Number(r.response_missed),
      resolution_met: Number(r.resolution_met),
      resolution_missed: Number(r.resolution_missed),
      false_positives: Number(r.false_positives),
    }));
    // Severity groups read most severe first, as the queue orders them.
    if (grouping === 'severity') out.sort((a, b) => order(a.group) - order(b.group));
    return out;
  },
};
