import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { coverageCounts } from '../agents/public.js';
import { exceptionsWaiting } from '../exception-requests/public.js';
import {
  createdSinceBy,
  nameSettings,
  openBySeverity,
  topEndpoints,
  topPeople,
} from '../incidents/public.js';
import { destinationList } from './destinations.js';
import { personAnalysis, savePersonAnalysis } from './store.js';
import { scopeOf, TOP, WINDOW_DAYS, windowStart } from './window.js';

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

export type PeopleWithheld = 'no_incidents_read' | 'per_user_off' | 'no_behaviour_read' | 'names_hidden';

/**
 * Why person rankings are withheld, or null (docs/overview.md): names need incidents:read; then
 * the tenant's person-analysis switch, behaviour:read and names not hidden.
 */
async function peopleWithheld(ctx: ServiceContext, p: Principal): Promise<PeopleWithheld | null> {
  if (!p.permissions.has('incidents:read')) return 'no_incidents_read';
  if (!(await personAnalysis(ctx.db, p.tenantId)).person_analysis) return 'per_user_off';
  if (!p.permissions.has('behaviour:read')) return 'no_behaviour_read';
  if ((await nameSettings(ctx.db, p.tenantId)).names_hidden) return 'names_hidden';
  return null;
}

/** GET /overview (document 2, Overview; docs/overview.md): figures from stored rows only. */
export async function overview(ctx: ServiceContext, p: Principal) {
  const scope = scopeOf(p);
  const since = windowStart(ctx);
  const reads = p.permissions.has('incidents:read');
  const withheld = await peopleWithheld(ctx, p);
  const bySeverity = new Map((await openBySeverity(ctx.db, scope)).map((r) => [r.key, r.incidents]));
  const created = await createdSinceBy(ctx.db, scope, since, 'status');
  const people = withheld === null;
  return {
    generated_at: ctx.clock.now().toISOString(),
    window_days: WINDOW_DAYS,
    incidents: {
      open: [...bySeverity.values()].reduce((a, b) => a + b, 0),
      open_by_severity: Object.fromEntries(SEVERITIES.map((s) => [s, bySeverity.get(s) ?? 0])) as Record<
        (typeof SEVERITIES)[number],
        number
      >,
      created_in_window: created.reduce((a, r) => a + r.incidents, 0),
      closed_in_window: created.find((r) => r.key === 'closed')?.incidents ?? 0,
    },
    coverage: await coverageCounts(ctx.db, p.tenantId, scope.groupScope, ctx.clock.now()),
    top_users: people
      ? (await topPeople(ctx.db, scope, since, 'incidents', TOP)).map(({ bytes: _b, ...r }) => r)
      : [],
    top_users_by_volume: people ? await topPeople(ctx.db, scope, since, 'bytes', TOP) : [],
    top_endpoints: reads ? await topEndpoints(ctx.db, scope, since, TOP) : [],
    destinations: reads ? (await destinationList(ctx, p)).all.slice(0, TOP) : [],
    names_withheld: !reads,
    destinations_withheld: !reads,
    people_withheld: withheld,
    exceptions_waiting: p.permissions.has('exceptions:read')
      ? await exceptionsWaiting(ctx.db, p.tenantId, ctx.clock.now())
      : null,
  };
}

/** GET /overview/security: open incidents by severity, and the window's by channel and action. */
export async function securityOverview(ctx: ServiceContext, p: Principal) {
  const scope = scopeOf(p);
  const since = windowStart(ctx);
  const bySeverity = new Map((await openBySeverity(ctx.db, scope)).map((r) => [r.key, r.incidents]));
  const sorted = (rows: { key: string; incidents: number }[]) =>
    rows.sort((a, b) => b.incidents - a.incidents || a.key.localeCompare(b.key));
  return {
    generated_at: ctx.clock.now().toISOString(),
    window_days: WINDOW_DAYS,
    open_by_severity: SEVERITIES.map((s) => ({ severity: s, incidents: bySeverity.get(s) ?? 0 })),
    by_channel: sorted(await createdSinceBy(ctx.db, scope, since, 'channel')).map((r) => ({
      channel: r.key,
      incidents: r.incidents,
    })),
    by_action: sorted(await createdSinceBy(ctx.db, scope, since, 'action')).map((r) => ({
      action: r.key,
      incidents: r.incidents,
    })),
  };
}

/** GET /overview/destinations: unclassified and non-business destinations (docs/overview.md). */
export async function destinationsOverview(ctx: ServiceContext, p: Principal) {
  const reads = p.permissions.has('incidents:read');
  const list = reads ? await destinationList(ctx, p) : null;
  return {
    generated_at: ctx.clock.now().toISOString(),
    window_days: WINDOW_DAYS,
    destinations_withheld: !reads,
    indicators_configured: list?.configured ?? false,
    unclassified: list?.unclassified ?? [],
    non_business: list?.nonBusiness ?? [],
  };
}

/** POST /settings/person-analysis: audited with the previous value and the reason's length. */
export async function setPersonAnalysis(
  ctx: ServiceContext,
  p: Principal,
  body: { enabled: boolean; reason: string },
) {
  const before = await personAnalysis(ctx.db, p.tenantId);
  const at = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await savePersonAnalysis(trx, p.tenantId, body.enabled, p.userId, at);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'settings.person_analysis_changed',
        subject: { type: 'tenant', id: p.tenantId },
        metadata: {
          person_analysis: body.enabled,
          previous_person_analysis: before.person_analysis,
          reason_length: body.reason.trim().length,
        },
      },
      trx,
    );
  });
  return { enabled: body.enabled, updated_at: at };
}

export async function getPersonAnalysis(ctx: ServiceContext, p: Principal) {
  const s = await personAnalysis(ctx.db, p.tenantId);
  return { enabled: s.person_analysis, updated_at: s.updated_at };
}
