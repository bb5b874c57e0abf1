import { fieldError } from '../../http/errors.js';
import { auditContextFor, type SweepParts, systemServiceContext } from '../../service-context.js';
import { clearAcceptance, dueAcceptances, reopenClosed } from './accepted-risk-store.js';
import { timeOrderedId } from './time-ordered-id.js';
import type { TargetStatus } from './transitions.js';
import { insertHistory } from './workflow-store.js';

const DAY_MS = 24 * 3_600_000;
/** Document 2: an accepted risk lasts 90 days unless told, at most a year. */
export const ACCEPTED_DEFAULT_MS = 90 * DAY_MS;
export const ACCEPTED_MAX_MS = 365 * DAY_MS;
/** How often the server looks for accepted risks whose time is up. */
export const ACCEPTED_SWEEP_MS = 5 * 60_000;

/** `accepted_until` goes only with accepted_risk; in the future and at most a year ahead. */
export function decideAcceptedUntil(target: TargetStatus, raw: string | undefined, now: Date): string | null {
  if (target !== 'accepted_risk') {
    if (raw !== undefined) throw fieldError('accepted_until', 'only with status accepted_risk');
    return null;
  }
  const until = raw === undefined ? now.getTime() + ACCEPTED_DEFAULT_MS : Date.parse(raw);
  if (!Number.isFinite(until) || until <= now.getTime() || until > now.getTime() + ACCEPTED_MAX_MS)
    throw fieldError('accepted_until', 'must be in the future and at most a year ahead');
  return new Date(until).toISOString();
}

/**
 * The accepted-risk job: every accepted risk whose `accepted_until` has come reopens to
 * investigating, disposition and resolution cleared, with a history line and an audit entry whose
 * actor is the system. Returns how many reopened.
 */
export async function reopenAcceptedRisks(parts: SweepParts, now: Date): Promise<number> {
  const due = await dueAcceptances(parts.db, now, 500);
  let reopened = 0;
  for (const d of due) {
    const ctx = systemServiceContext(parts, d.tenant_id);
    await ctx.db.transaction().execute(async (trx) => {
      await clearAcceptance(trx, d.id);
      if (!(await reopenClosed(trx, d.id, now))) return;
      reopened += 1;
      await insertHistory(trx, {
        id: timeOrderedId(now),
        tenant_id: d.tenant_id,
        incident_id: d.id,
        at: now.toISOString(),
        actor_type: 'system',
        actor_id: null,
        actor_email: null,
        kind: 'status',
        from_value: 'closed',
        to_value: 'investigating',
        disposition: null,
        note: 'accepted risk ended',
        request_id: null,
        correlation_id: null,
      });
      await ctx.audit.write(
        auditContextFor(ctx),
        {
          action: 'incident.accepted_risk_reopened',
          subject: { type: 'incident', id: d.id },
          metadata: { reference: d.reference, accepted_until: d.accepted_until },
        },
        trx,
      );
    });
  }
  return reopened;
}
