import { DETECTOR_CATEGORIES, KNOWN_CHANNELS } from '@custos/engine';
import { notFound } from '../../http/errors.js';
import {
  type ActivityFilter,
  type ActivityRow,
  activityEventFile,
  activityRows,
  discoveryEvents,
  strength,
} from '../agent-events/public.js';
import { deviceIdsInGroups } from '../agents/public.js';
import { currentCustomDetectors } from '../detectors/public.js';
import type { ApprovalCall } from '../reports/public.js';
import { timelineCounts } from './counts.js';
import { type ActivityQuery, actionsOf, channelsOf, outcomeOf, type Window, windowOf } from './query.js';
import { timeline } from './timeline.js';

/** A request of the Activity Explorer: the service context and the principal (its group scope). */
export type ActivityCall = ApprovalCall;

const tenantOf = (c: ActivityCall) => c.principal.tenantId;

/** The store's filter for a query: 422 naming the field for a value outside its vocabulary. */
export async function filterOf(c: ActivityCall, q: ActivityQuery, w: Window): Promise<ActivityFilter> {
  const scope = c.principal.incidentScope ?? null;
  const f: ActivityFilter = {
    tenantId: tenantOf(c),
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    search: q.search,
    channels: channelsOf(q),
    actions: actionsOf(q),
    category: q.category,
    trust: q.trust as ActivityFilter['trust'],
    user: q.user,
    endpoint: q.endpoint,
    policy: q.policy,
    policyId: q.policy_id,
    matchedNoIncident: q.incident === 'matched_no_incident',
    enforcement: q.enforcement as ActivityFilter['enforcement'],
    userActivity: q.event_kind === undefined ? undefined : q.event_kind === 'user_activity',
    deviceIn: scope === null ? null : deviceIdsInGroups(c.ctx.db, tenantOf(c), scope),
  };
  if (q.related_file !== undefined) {
    const file = await activityEventFile(c.ctx.db, tenantOf(c), q.related_file);
    if (!file) throw notFound('event');
    f.sameFile = { blake3: file.file_blake3, path: file.file_path };
  }
  return f;
}

interface Payload {
  enforcement?: string;
  detectors?: { category?: string | null }[];
}

/** One event as the explorer shows it (docs/activity-explorer.md, Rows). */
export function rowOf(r: ActivityRow) {
  let p: Payload = {};
  try {
    p = JSON.parse(r.payload) as Payload;
  } catch {
    p = {};
  }
  const enforcement: 'applied' | 'reduced_by_capability' =
    p.enforcement === 'reduced_by_capability' ? 'reduced_by_capability' : 'applied';
  const applied = strength(r.action);
  const requested = strength(r.requested_action);
  const weaker = applied !== null && requested !== null && applied < requested;
  const categories = [...new Set((p.detectors ?? []).map((d) => d.category).filter((x): x is string => !!x))];
  return {
    id: r.id,
    occurred_at: r.occurred_at,
    received_at: r.received_at,
    endpoint_id: r.device_id,
    hostname: r.hostname,
    user_name: r.user_name,
    channel: r.channel,
    file_name: r.file_name,
    requested_action: r.requested_action,
    applied_action: r.action,
    enforcement_result: enforcement,
    reduced: enforcement === 'reduced_by_capability' || weaker,
    outcome: outcomeOf(r.action),
    severity: r.severity,
    policy_id: r.decided_by_policy_id,
    match_count: r.match_count,
    categories,
    incident_id: r.incident_id,
  };
}

/** The data categories and whether one of the tenant's own detectors emits each. */
async function categoriesOf(c: ActivityCall) {
  const emitted = new Set(
    [...(await currentCustomDetectors(c.ctx.db, tenantOf(c))).values()].map((d) => d.category),
  );
  return DETECTOR_CATEGORIES.map((category) => ({ category, tenant_detector: emitted.has(category) }));
}

/** GET /activity-events (document 2, Activity Explorer). */
export async function listActivity(
  c: ActivityCall,
  q: ActivityQuery,
  page: { limit: number; offset: number },
) {
  const w = windowOf(q, c.ctx.clock.now());
  const f = await filterOf(c, q, w);
  const rows = await activityRows(c.ctx.db, f, page);
  const counts = await timelineCounts(
    c.ctx.db,
    f,
    w.to.getTime() - w.from.getTime() > 7 * 86_400_000 ? 10 : 13,
  );
  // Every matching event is in one bucket: the total is their sum (one count, not two).
  const total = counts.reduce((sum, x) => sum + x.n, 0);
  const t = timeline(w, counts);
  return {
    window: { from: f.from, to: f.to },
    items: rows.map(rowOf),
    total,
    limit: page.limit,
    offset: page.offset,
    channels: [...KNOWN_CHANNELS],
    categories: await categoriesOf(c),
    timeline: t,
  };
}

/** Document 2: a gap of more than 15 minutes between an endpoint's discovery events starts a new run. */
export const RUN_GAP_MS = 15 * 60_000;
/** The most discovery events one answer reads (then `truncated`). */
export const RUN_EVENTS_CAP = 100_000;

/** GET /activity-events/discovery-runs: runs inferred per endpoint from its discovery events. */
export async function discoveryRuns(c: ActivityCall, q: ActivityQuery) {
  const w = windowOf(q, c.ctx.clock.now());
  const f = await filterOf(c, q, w);
  const events = await discoveryEvents(c.ctx.db, f, RUN_EVENTS_CAP + 1);
  const truncated = events.length > RUN_EVENTS_CAP;
  const runs: {
    endpoint_id: string;
    hostname: string | null;
    started_at: string;
    ended_at: string;
    events: number;
    events_with_matches: number;
    incident_ids: Set<string>;
  }[] = [];
  for (const e of events.slice(0, RUN_EVENTS_CAP)) {
    const last = runs.at(-1);
    if (
      last &&
      last.endpoint_id === e.device_id &&
      Date.parse(e.occurred_at) - Date.parse(last.ended_at) <= RUN_GAP_MS
    ) {
      last.ended_at = e.occurred_at;
      last.events += 1;
      last.events_with_matches += e.match_count > 0 ? 1 : 0;
      if (e.incident_id) last.incident_ids.add(e.incident_id);
      last.hostname = e.hostname ?? last.hostname;
      continue;
    }
    runs.push({
      endpoint_id: e.device_id,
      hostname: e.hostname,
      started_at: e.occurred_at,
      ended_at: e.occurred_at,
      events: 1,
      events_with_matches: e.match_count > 0 ? 1 : 0,
      incident_ids: new Set(e.incident_id ? [e.incident_id] : []),
    });
  }
  runs.sort((a, b) => b.started_at.localeCompare(a.started_at) || a.endpoint_id.localeCompare(b.endpoint_id));
  return {
    window: { from: f.from, to: f.to },
    gap_minutes: RUN_GAP_MS / 60_000,
    truncated,
    runs: runs.map(({ incident_ids, ...r }) => ({ ...r, incidents: incident_ids.size })),
  };
}
