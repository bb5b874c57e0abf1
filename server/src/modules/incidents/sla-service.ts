import { fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import {
  SLA_SEVERITIES,
  type SlaSeverity,
  type SlaTargets,
  saveSlaTargets,
  slaTargets,
} from './sla-store.js';

/** Document 2: response 5 minutes to 30 days; resolution 1 hour to 90 days (minutes). */
export const RESPONSE_MIN = 5;
export const RESPONSE_MAX = 30 * 24 * 60;
export const RESOLUTION_MIN = 60;
export const RESOLUTION_MAX = 90 * 24 * 60;
export const REASON_MIN = 5;

const responseField = (s: SlaSeverity) => `${s}_minutes`;
const resolutionField = (s: SlaSeverity) => `resolution_${s}_minutes`;

export type ResponseTargetsBody = Partial<Record<string, number>> & { reason: string };

/** The answer: the stored targets by their field names. */
export function targetsView(t: SlaTargets) {
  return {
    critical_minutes: t.response.critical,
    high_minutes: t.response.high,
    medium_minutes: t.response.medium,
    low_minutes: t.response.low,
    resolution_critical_minutes: t.resolution.critical,
    resolution_high_minutes: t.resolution.high,
    resolution_medium_minutes: t.resolution.medium,
    resolution_low_minutes: t.resolution.low,
    updated_at: t.updated_at,
  };
}

/** GET /settings/incident-response: the targets in force (document 2's defaults until set). */
export async function getResponseTargets(ctx: ServiceContext, principal: Principal) {
  return targetsView(await slaTargets(ctx.db, principal.tenantId));
}

/**
 * The ordering rules of document 2 on the merged targets (omitted fields keep their stored value):
 * a more severe target is not longer than a less severe one, and no resolution target is shorter
 * than the same severity's response target. The 422 names a field the request sent: the more
 * severe (or the resolution) one when both sides were sent.
 */
function checkOrder(t: SlaTargets, sent: ReadonlySet<string>): void {
  const blame = (first: string, second: string) => (sent.has(first) ? first : second);
  for (const [kind, field] of [
    ['response', responseField],
    ['resolution', resolutionField],
  ] as const) {
    for (let i = 0; i + 1 < SLA_SEVERITIES.length; i += 1) {
      const more = SLA_SEVERITIES[i]!;
      const less = SLA_SEVERITIES[i + 1]!;
      if (t[kind][more] > t[kind][less])
        throw fieldError(
          blame(field(more), field(less)),
          `the ${more} target must not be longer than the ${less} target (${field(less)})`,
        );
    }
  }
  for (const s of SLA_SEVERITIES) {
    if (t.resolution[s] < t.response[s])
      throw fieldError(
        blame(resolutionField(s), responseField(s)),
        `the ${s} resolution target must not be shorter than its response target (${responseField(s)})`,
      );
  }
}

/** POST /settings/incident-response (document 2; docs/incidents.md, SLA targets). */
export async function setResponseTargets(
  ctx: ServiceContext,
  principal: Principal,
  body: ResponseTargetsBody,
) {
  const reason = body.reason.trim();
  if (reason.length < REASON_MIN) throw fieldError('reason', `at least ${REASON_MIN} characters`);
  const before = await slaTargets(ctx.db, principal.tenantId);
  const next: SlaTargets = {
    response: { ...before.response },
    resolution: { ...before.resolution },
    updated_at: ctx.clock.now().toISOString(),
  };
  const sent = new Set<string>();
  for (const sev of SLA_SEVERITIES) {
    const r = body[responseField(sev)];
    const z = body[resolutionField(sev)];
    if (r !== undefined) {
      next.response[sev] = r;
      sent.add(responseField(sev));
    }
    if (z !== undefined) {
      next.resolution[sev] = z;
      sent.add(resolutionField(sev));
    }
  }
  checkOrder(next, sent);
  const prev = targetsView(before);
  const now = targetsView(next);
  const changed = (Object.keys(now) as (keyof typeof now)[]).filter(
    (k) => k !== 'updated_at' && now[k] !== prev[k],
  );
  await ctx.db.transaction().execute(async (trx) => {
    await saveSlaTargets(trx, {
      tenant_id: principal.tenantId,
      critical_minutes: next.response.critical,
      high_minutes: next.response.high,
      medium_minutes: next.response.medium,
      low_minutes: next.response.low,
      resolution_critical_minutes: next.resolution.critical,
      resolution_high_minutes: next.resolution.high,
      resolution_medium_minutes: next.resolution.medium,
      resolution_low_minutes: next.resolution.low,
      updated_by: principal.userId,
      updated_at: next.updated_at ?? '',
    });
    const { updated_at: _u, ...values } = now;
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'settings.incident_response_changed',
        subject: { type: 'tenant', id: principal.tenantId },
        metadata: { ...values, changed_fields: changed, reason },
      },
      trx,
    );
  });
  return now;
}
