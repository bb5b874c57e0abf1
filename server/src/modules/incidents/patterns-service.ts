import type { Principal } from '../../http/principal.js';
import type { ServiceContext } from '../../service-context.js';
import { burstCandidates, namingExclusions, personPolicyGroups } from './patterns-store.js';
import { accountPart } from './self-action.js';
import { SEVERITIES, scopeOf } from './service.js';

/** Document 2, GET /incidents/groups and /incidents/bursts. */
export const GROUPS_DAYS_DEFAULT = 7;
export const GROUPS_MAX = 100;
export const BURST_GAP_MINUTES = 10;
export const BURST_WINDOW_DAYS = 7;
export const BURST_MIN = 3;
export const BURSTS_MAX = 20;
/** docs/incidents.md, Bursts: how many of the window's newest incidents are read. */
export const BURST_SCAN = 50_000;
const BURST_IDS = 50;
const OPEN = new Set(['new', 'triaged', 'investigating', 'awaiting_user']);
const DAY_MS = 86_400_000;

function since(ctx: ServiceContext, days: number): string {
  return new Date(ctx.clock.now().getTime() - days * DAY_MS).toISOString();
}

function excluded(exclusions: Set<string>, person: string | null): boolean {
  return person !== null && exclusions.size > 0 && exclusions.has(accountPart(person));
}

/** GET /incidents/groups: rows per person and policy, the 100 largest; excluded people withheld. */
export async function incidentGroups(
  ctx: ServiceContext,
  p: Principal,
  query: { days?: number | undefined; open_only?: boolean | undefined },
) {
  const days = query.days ?? GROUPS_DAYS_DEFAULT;
  const openOnly = query.open_only ?? false;
  const q = { tenantId: p.tenantId, since: since(ctx, days), groupScope: scopeOf(p) };
  const [rows, exclusions] = await Promise.all([
    personPolicyGroups(ctx.db, q, openOnly),
    namingExclusions(ctx.db, p.tenantId),
  ]);
  const shown = rows.filter((r) => !excluded(exclusions, r.person));
  const withheld = rows.filter((r) => excluded(exclusions, r.person));
  return {
    days,
    open_only: openOnly,
    truncated: shown.length > GROUPS_MAX,
    groups_withheld: withheld.length,
    people_excluded_from_naming: new Set(withheld.map((r) => accountPart(r.person as string))).size,
    items: shown.slice(0, GROUPS_MAX).map((r) => ({
      person: r.person,
      policy_id: r.policy_id,
      policy_name: r.policy_name,
      incidents: Number(r.incidents),
      open: Number(r.open),
      events: Number(r.events ?? 0),
      severity: SEVERITIES[5 - Number(r.severity_rank)] ?? 'info',
      first_created_at: r.first_created_at,
      last_created_at: r.last_created_at,
    })),
  };
}

type Candidate = Awaited<ReturnType<typeof burstCandidates>>[number];

/**
 * GET /incidents/bursts: runs of at least 3 real incidents of one person (without case), endpoint,
 * policy and channel, each starting (first_seen_at) within 10 minutes of the one before, among
 * those created in the last 7 days; newest run first, at most 20.
 */
export async function incidentBursts(ctx: ServiceContext, p: Principal) {
  const q = { tenantId: p.tenantId, since: since(ctx, BURST_WINDOW_DAYS), groupScope: scopeOf(p) };
  const [rows, exclusions] = await Promise.all([
    burstCandidates(ctx.db, q, BURST_SCAN + 1),
    namingExclusions(ctx.db, p.tenantId),
  ]);
  const scanCapped = rows.length > BURST_SCAN;
  const byKey = new Map<string, Candidate[]>();
  for (const r of rows.slice(0, BURST_SCAN)) {
    const key = [(r.username as string).toLowerCase(), r.device_id, r.policy_id, r.channel].join('\u0000');
    const list = byKey.get(key) ?? [];
    list.push(r);
    byKey.set(key, list);
  }
  const gapMs = BURST_GAP_MINUTES * 60_000;
  const runs: Candidate[][] = [];
  for (const list of byKey.values()) {
    list.sort((a, b) =>
      a.first_seen_at < b.first_seen_at ? -1 : a.first_seen_at > b.first_seen_at ? 1 : a.id < b.id ? -1 : 1,
    );
    let run: Candidate[] = [];
    for (const r of list) {
      const last = run[run.length - 1];
      if (last && Date.parse(r.first_seen_at) - Date.parse(last.first_seen_at) > gapMs) {
        if (run.length >= BURST_MIN) runs.push(run);
        run = [];
      }
      run.push(r);
    }
    if (run.length >= BURST_MIN) runs.push(run);
  }
  const shown = runs.filter((run) => !excluded(exclusions, run[0]!.username));
  shown.sort((a, b) => (a[a.length - 1]!.first_seen_at < b[b.length - 1]!.first_seen_at ? 1 : -1));
  return {
    gap_minutes: BURST_GAP_MINUTES,
    window_days: BURST_WINDOW_DAYS,
    truncated: shown.length > BURSTS_MAX || scanCapped,
    bursts_withheld: runs.length - shown.length,
    items: shown.slice(0, BURSTS_MAX).map((run) => {
      const first = run[0]!;
      return {
        person: first.username as string,
        device_id: first.device_id,
        hostname: run[run.length - 1]!.hostname,
        policy_id: first.policy_id as string,
        policy_name: run[run.length - 1]!.policy_name,
        channel: first.channel,
        incidents: run.length,
        open: run.filter((r) => OPEN.has(r.status)).length,
        first_seen_at: first.first_seen_at,
        last_seen_at: run[run.length - 1]!.first_seen_at,
        incident_ids: run.slice(0, BURST_IDS).map((r) => r.id),
      };
    }),
  };
}
