import type { Principal } from '../../http/principal.js';
import type { ServiceContext } from '../../service-context.js';
import { eventPairsOfIncidents, eventPayloadAt, strength } from '../agent-events/public.js';
import { incidentFacts, realIncidentsSince } from './coverage-store.js';
import { scopeOf } from './service.js';

/** Document 2: coverage gaps over seven days. docs/incidents.md, Coverage gaps: at most 200. */
export const COVERAGE_WINDOW_DAYS = 7;
export const COVERAGE_GAPS_MAX = 200;

interface Gap {
  policy_id: string | null;
  policy_name: string | null;
  channel: string;
  device_id: string;
  hostname: string | null;
  requested_action: string;
  applied_action: string;
  incidents: Set<string>;
  events: number;
  last_seen: string;
  /** The newest reduced event, read for its reason. */
  newest: { incidentId: string; at: string; action: string };
}

/** The stored enforcement of the newest reduced event (normalise-event.ts). */
function reasonOf(payload: string | null): string {
  try {
    const p = JSON.parse(payload ?? '{}') as { enforcement?: unknown };
    return p.enforcement === 'reduced_by_capability' ? 'endpoint_capability' : 'weaker_action';
  } catch {
    return 'weaker_action';
  }
}

/**
 * GET /coverage-gaps: where an endpoint applied a weaker action than the policy asked for (the
 * same "reduced" as the policy list's enforcement_7d, document 1), per policy, channel and
 * endpoint, over real incidents with such an event in the last seven days.
 */
/**
 * Per policy, channel, endpoint, incident and action pair: the events since `since` of real
 * incidents last seen since then. The caller keeps the pairs whose applied action is weaker
 * than the requested one.
 */
async function eventPairsSince(ctx: ServiceContext, p: Principal, since: string) {
  const scope = scopeOf(p);
  if (scope !== null && scope.length === 0) return [];
  const pairs = await eventPairsOfIncidents(
    ctx.db,
    realIncidentsSince(ctx.db, p.tenantId, since, scope),
    since,
  );
  const facts = await incidentFacts(ctx.db, p.tenantId, [
    ...new Set(pairs.map((r) => r.incident_id as string)),
  ]);
  return pairs.map((r) => {
    const i = facts.get(r.incident_id as string);
    return {
      ...r,
      incident_id: r.incident_id as string,
      policy_id: r.decided_by_policy_id ?? i?.policy_id ?? null,
      policy_name: i?.policy_name ?? null,
      hostname: i?.hostname ?? null,
    };
  });
}

export async function coverageGaps(ctx: ServiceContext, p: Principal) {
  const since = new Date(ctx.clock.now().getTime() - COVERAGE_WINDOW_DAYS * 86_400_000).toISOString();
  const rows = await eventPairsSince(ctx, p, since);
  const gaps = new Map<string, Gap>();
  for (const r of rows) {
    const applied = strength(r.action);
    const requested = strength(r.requested_action);
    if (applied === null || requested === null || applied >= requested) continue;
    const key = [r.policy_id, r.channel, r.device_id].join('\u0000');
    const last = r.last_seen as string;
    let g = gaps.get(key);
    if (!g) {
      g = {
        policy_id: r.policy_id,
        policy_name: r.policy_name,
        channel: r.channel,
        device_id: r.device_id,
        hostname: r.hostname,
        requested_action: r.requested_action,
        applied_action: r.action,
        incidents: new Set(),
        events: 0,
        last_seen: last,
        newest: { incidentId: r.incident_id, at: last, action: r.action },
      };
      gaps.set(key, g);
    }
    g.incidents.add(r.incident_id);
    g.events += Number(r.events);
    if (last > g.last_seen) {
      g.last_seen = last;
      g.requested_action = r.requested_action;
      g.applied_action = r.action;
      g.hostname = r.hostname ?? g.hostname;
      g.policy_name = r.policy_name ?? g.policy_name;
      g.newest = { incidentId: r.incident_id, at: last, action: r.action };
    }
  }
  const ordered = [...gaps.values()].sort((a, b) =>
    a.last_seen < b.last_seen ? 1 : a.last_seen > b.last_seen ? -1 : b.events - a.events,
  );
  const shown = ordered.slice(0, COVERAGE_GAPS_MAX);
  const out = [];
  for (const g of shown) {
    const payload = await eventPayloadAt(ctx.db, g.newest.incidentId, g.newest.at, g.newest.action);
    out.push({
      policy_id: g.policy_id,
      policy_name: g.policy_name,
      channel: g.channel,
      device_id: g.device_id,
      hostname: g.hostname,
      requested_action: g.requested_action,
      applied_action: g.applied_action,
      incidents: g.incidents.size,
      events: g.events,
      last_seen: g.last_seen,
      reason: reasonOf(payload),
    });
  }
  return { window_days: COVERAGE_WINDOW_DAYS, truncated: ordered.length > COVERAGE_GAPS_MAX, gaps: out };
}
