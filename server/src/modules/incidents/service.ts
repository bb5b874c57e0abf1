import { KNOWN_CHANNELS, type PriorityFactor } from '@custos/engine';
import { fieldError, notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import type { ServiceContext } from '../../service-context.js';
import { type AgentEventsTable, incidentEvents, newestPayloads } from '../agent-events/public.js';
import { acceptedUntilOf } from './accepted-risk-store.js';
import { requestView } from './closure-gate.js';
import { pendingRequest } from './closure-store.js';
import { type DepartmentView, departmentViews, NO_DEPARTMENT } from './department.js';
import { eventFacts, justificationsOf, previewsOf } from './detail-extras.js';
import { type MoreFilterQueryValues, parseMoreFilters, parseSet } from './list-filters.js';
import { detectorFeedbackOf } from './marking-store.js';
import { namesHidden } from './names-service.js';
import { boundedListing } from './query-timeout.js';
import { pendingQuestion } from './question-service.js';
import { relatedOf } from './related.js';
import { scoreViews } from './scoring.js';
import { slaView } from './sla-clock.js';
import { slaTargets } from './sla-store.js';
import { parseSort } from './sort.js';
import {
  findIncident,
  type IncidentFilter,
  incidentLocations,
  incidentPolicies,
  listIncidents,
} from './store.js';
import type { IncidentLocationsTable, IncidentsTable } from './tables.js';
import { allowedTransitions } from './transitions.js';
import { historyPage } from './workflow-store.js';
import type { IncidentHistoryTable } from './workflow-tables.js';

export const STATUSES = ['new', 'triaged', 'investigating', 'awaiting_user', 'closed'] as const;
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
const OPEN = new Set<string>(['new', 'triaged', 'investigating', 'awaiting_user']);
/** How many of the newest events the detail reads for not_read, devices and detector sums. */
const DETAIL_EVENT_SCAN = 1_000;
const DETAIL_HISTORY = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Document 2: `me` (from the session), `none`, `departed` or a user id; anything else is 422. */
function parseAssignee(raw: string | undefined, p: Principal) {
  if (raw === undefined) return undefined;
  if (raw === 'me') return { userId: p.userId };
  if (raw === 'none' || raw === 'departed') return raw;
  if (UUID.test(raw)) return { userId: raw.toLowerCase() };
  throw fieldError('assignee', 'must be me, none, departed or a user id');
}

export interface ListQuery extends MoreFilterQueryValues {
  status?: string | undefined;
  severity?: string | undefined;
  channel?: string | undefined;
  search?: string | undefined;
  username?: string | undefined;
  policy_id?: string | undefined;
  device?: string | undefined;
  open_only?: boolean | undefined;
  created_since?: string | undefined;
  created_until?: string | undefined;
  assignee?: string | undefined;
  sort?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export function scopeOf(p: Principal): readonly string[] | null {
  return p.incidentScope ?? null;
}

/** One queue row; `priority` is the incident's stored factors (scoring.ts `scoreViews`). */
export function incidentRow(
  r: IncidentsTable,
  priority: PriorityFactor[],
  department: DepartmentView = NO_DEPARTMENT,
  hidden = false,
) {
  return {
    id: r.id,
    reference: r.reference,
    title: r.title,
    severity: r.severity,
    status: r.status,
    row_version: r.row_version,
    priority_score: r.priority_score,
    priority_factors: priority,
    risk_score: r.risk_score,
    department: department.department,
    department_source: department.department_source,
    disposition: r.disposition,
    response_met: r.response_met === null ? null : r.response_met === 1,
    resolution_met: r.resolution_met === null ? null : r.resolution_met === 1,
    synthetic: r.synthetic === 1,
    channel: r.channel,
    hostname: r.hostname,
    // Names hidden (names-service.ts): the account name is not shown, and the row says so.
    username: hidden ? null : r.username,
    names_hidden: hidden,
    policy_id: r.policy_id,
    policy_name: r.policy_name,
    assignee_email: r.assignee_email,
    event_count: r.event_count,
    match_count: r.match_count,
    action: r.action,
    requested_action: r.requested_action,
    evaluated_offline: r.evaluated_offline === 1,
    created_at: r.created_at,
    first_seen_at: r.first_seen_at,
    last_seen_at: r.last_seen_at,
  };
}

/** The list's filters from its query (422 naming the field); GET /incidents and its export share it. */
export function listFilterOf(principal: Principal, q: ListQuery): IncidentFilter {
  return {
    statuses: parseSet('status', q.status, STATUSES),
    severities: parseSet('severity', q.severity, SEVERITIES),
    channels: parseSet('channel', q.channel, KNOWN_CHANNELS),
    search: q.search,
    username: q.username,
    policyId: q.policy_id,
    deviceId: q.device,
    openOnly: q.open_only,
    createdSince: q.created_since,
    createdUntil: q.created_until,
    assignee: parseAssignee(q.assignee, principal),
    groupScope: scopeOf(principal),
    more: parseMoreFilters(q),
  };
}

/** Runs the list's query: rows in the list's order and the total, within the time limit. */
export async function queryIncidents(
  ctx: ServiceContext,
  principal: Principal,
  q: ListQuery,
  page: { limit: number; offset: number },
  queryTimeoutMs: number,
) {
  const sort = parseSort(q.sort);
  const filter = listFilterOf(principal, q);
  const hidden = await namesHidden(ctx, principal.tenantId);
  // Names hidden: the search leaves the user name out, and a filter by it would probe for it.
  if (hidden && q.username !== undefined)
    throw fieldError('username', 'names are hidden in this organisation; no filter by user name');
  filter.namesHidden = hidden;
  if (filter.more?.sla !== undefined)
    filter.more.slaAt = { targets: await slaTargets(ctx.db, principal.tenantId), now: ctx.clock.now() };
  const { rows, total } = await boundedListing(ctx, queryTimeoutMs, (db, budget) =>
    listIncidents(db, principal.tenantId, { ...filter, budget }, sort, page),
  );
  return { rows, total, sort: `${sort.column}:${sort.dir}`, namesHidden: hidden };
}

export async function listIncidentRows(
  ctx: ServiceContext,
  principal: Principal,
  q: ListQuery,
  queryTimeoutMs: number,
) {
  const page = { limit: q.limit ?? 50, offset: q.offset ?? 0 };
  const listed = await queryIncidents(ctx, principal, q, page, queryTimeoutMs);
  const { rows, total, sort, namesHidden: hidden } = listed;
  const ids = rows.map((r) => r.id);
  const [views, departments] = await Promise.all([scoreViews(ctx.db, ids), departmentViews(ctx.db, ids)]);
  return {
    items: rows.map((r) =>
      incidentRow(r, views.get(r.id)?.priority_factors ?? [], departments.get(r.id), hidden),
    ),
    names_hidden: hidden,
    total,
    ...page,
    sort,
  };
}

export async function visible(
  ctx: ServiceContext,
  principal: Principal,
  id: string,
): Promise<IncidentsTable> {
  // Another tenant's, a missing and an out-of-scope incident answer alike (document 2).
  const r = await findIncident(ctx.db, principal.tenantId, id, scopeOf(principal));
  if (!r) throw notFound('incident');
  return r;
}

export function historyRow(h: IncidentHistoryTable) {
  return {
    id: h.id,
    at: h.at,
    actor_type: h.actor_type,
    actor_id: h.actor_id,
    actor_email: h.actor_email,
    kind: h.kind,
    from: h.from_value,
    to: h.to_value,
    disposition: h.disposition,
    note: h.note,
    request_id: h.request_id,
    correlation_id: h.correlation_id,
  };
}

export function locationRow(l: IncidentLocationsTable) {
  return {
    path: l.path,
    state: l.state,
    first_seen_at: l.first_seen_at,
    last_seen_at: l.last_seen_at,
    moved_at: l.moved_at,
    moved_to: l.moved_to,
    departure: l.departure,
  };
}

export async function incidentDetail(ctx: ServiceContext, principal: Principal, id: string) {
  const r = await visible(ctx, principal, id);
  const [policies, locations, payloads, history, scores, departments, justifications, previews, hidden] =
    await Promise.all([
      incidentPolicies(ctx.db, r.id),
      incidentLocations(ctx.db, r.id, 50, 0),
      newestPayloads(ctx.db, r.id, DETAIL_EVENT_SCAN),
      // Document 2, Limits: record history 200 in the detail; the rest through /history.
      historyPage(ctx.db, r.id, DETAIL_HISTORY, 0),
      scoreViews(ctx.db, [r.id]),
      departmentViews(ctx.db, [r.id]),
      justificationsOf(ctx, r.id),
      previewsOf(ctx, principal, r.id),
      namesHidden(ctx, principal.tenantId),
    ]);
  const department = departments.get(r.id) ?? NO_DEPARTMENT;
  const score = scores.get(r.id);
  let notRead: {
    cause: string | null;
    reason: string | null;
    file_name: string | null;
    partial_events: number;
  } | null = null;
  let partial = 0;
  let reduced = 0;
  const devices = new Map<string, Record<string, unknown>>();
  const detectors = new Map<
    string,
    { detector_id: string; category: string | null; match_count: number; events: number }
  >();
  for (const p of payloads) {
    const body = JSON.parse(p.payload) as Record<string, unknown>;
    if (body.enforcement === 'reduced_by_capability') reduced += 1;
    const nr = body.not_read as { cause: string | null; reason: string | null } | null;
    if (nr) {
      partial += 1;
      notRead ??= { cause: nr.cause, reason: nr.reason, file_name: p.file_name, partial_events: 0 };
    }
    const rd = body.removable_device as Record<string, unknown> | null;
    if (rd) devices.set(`${rd.device_class}|${rd.serial}`, rd);
    for (const d of (body.detectors as {
      detector_id: string;
      category: string | null;
      match_count: number;
    }[]) ?? []) {
      const e = detectors.get(d.detector_id) ?? {
        detector_id: d.detector_id,
        category: d.category,
        match_count: 0,
        events: 0,
      };
      e.match_count += d.match_count;
      e.events += 1;
      detectors.set(d.detector_id, e);
    }
  }
  if (notRead) notRead.partial_events = partial;
  const sla = await slaView(ctx.db, r, ctx.clock.now());
  return {
    ...incidentRow(r, score?.priority_factors ?? [], department, hidden),
    department_reason: department.department_reason,
    ...justifications,
    ...eventFacts(payloads),
    // When it first left new and was first closed (the SLA clock's records; a reopen keeps them).
    triaged_at: sla.responded_at,
    resolved_at: sla.resolved_at,
    risk_factors: score?.risk_factors ?? [],
    risk_model_version: score?.risk_model_version ?? null,
    open: OPEN.has(r.status),
    device_id: r.device_id,
    file_path: r.file_path,
    file_name: r.file_name,
    file_size_bytes: r.file_size_bytes === null ? null : Number(r.file_size_bytes),
    policy_version: r.policy_version,
    superseded_policy_ids: JSON.parse(r.superseded_policy_ids) as string[],
    matched_policies: policies.map((p) => ({
      policy_id: p.policy_id,
      name: p.name,
      applied_events: p.applied_events,
      superseded_events: p.superseded_events,
    })),
    locations: locations.rows.map(locationRow),
    locations_total: locations.total,
    not_read: notRead,
    removable_devices: [...devices.values()],
    // Previews withheld (null) until this person opens the evidence (docs/evidence.md).
    detector_summaries: [...detectors.values()]
      .sort((a, b) => b.match_count - a.match_count || a.detector_id.localeCompare(b.detector_id))
      .map((d) => ({
        ...d,
        previews: previews ? (previews.get(d.detector_id)?.values ?? []) : null,
        snippets: previews ? (previews.get(d.detector_id)?.snippets ?? []) : null,
      })),
    previews_withheld: previews === null,
    resolution: r.resolution,
    closed_at: r.closed_at,
    // docs/incidents.md, Detail: the same rule as the enforcement filter, over the newest events.
    enforcement: {
      requested_action: r.requested_action,
      applied_action: r.action,
      result: reduced > 0 ? 'reduced_by_capability' : 'applied',
      reduced_events: reduced,
    },
    allowed_transitions: allowedTransitions(r.status),
    history: history.rows.map(historyRow),
    history_total: history.total,
    pending_question: await pendingQuestion(ctx, r),
    accepted_until: await acceptedUntilOf(ctx.db, r.id),
    pending_close: await pendingRequest(ctx.db, r.id).then((q) => (q ? requestView(q) : null)),
    related: await relatedOf(ctx, principal, r),
    sla,
    detector_feedback: await detectorFeedbackOf(ctx.db, r.id),
  };
}

export function eventRow(e: AgentEventsTable) {
  const p = JSON.parse(e.payload) as Record<string, unknown>;
  return {
    id: e.id,
    occurred_at: e.occurred_at,
    occurred_at_reported: e.occurred_at_reported,
    received_at: e.received_at,
    channel: e.channel,
    action: e.action,
    requested_action: e.requested_action,
    enforcement: (p.enforcement as string | undefined) ?? 'applied',
    severity: e.severity,
    evaluated_offline: e.evaluated_offline === 1,
    decided_by_policy_id: e.decided_by_policy_id,
    matched_policy_ids: (p.matched_policy_ids as string[] | undefined) ?? [],
    superseded_policy_ids: (p.superseded_policy_ids as string[] | undefined) ?? [],
    policy_version: e.policy_version,
    user_name: e.user_name,
    // The endpoint's account id (for example a SID), never resolved to a directory name here.
    user_reference: e.user_id,
    hostname: e.hostname,
    file_path: e.file_path,
    file_name: e.file_name,
    file_size_bytes: e.file_size_bytes === null ? null : Number(e.file_size_bytes),
    from_path: (p.from_path as string | null | undefined) ?? null,
    departure: (p.departure as string | null | undefined) ?? null,
    file_mark_zone: e.file_mark_zone,
    file_mark_host: e.file_mark_host,
    file_mark_referrer_host: e.file_mark_referrer_host,
    detectors: (p.detectors as unknown[] | undefined) ?? [],
    explanation: (p.explanation as unknown[] | undefined) ?? [],
    not_read: p.not_read ?? null,
    removable_device: p.removable_device ?? null,
    print_job: p.print_job ?? null,
    process_detail: p.process_detail ?? null,
    connection: p.connection ?? null,
    label_applied: p.label_applied ?? null,
  };
}

export async function incidentEventPage(
  ctx: ServiceContext,
  principal: Principal,
  id: string,
  limit: number,
  offset: number,
) {
  const r = await visible(ctx, principal, id);
  const { rows, total } = await incidentEvents(ctx.db, r.id, limit, offset);
  return { items: rows.map(eventRow), total, limit, offset };
}

export async function incidentLocationPage(
  ctx: ServiceContext,
  principal: Principal,
  id: string,
  limit: number,
  offset: number,
) {
  const r = await visible(ctx, principal, id);
  const { rows, total } = await incidentLocations(ctx.db, r.id, limit, offset);
  return { items: rows.map(locationRow), total, limit, offset };
}
