import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AppServices } from '../../deps.js';
import { systemContext } from '../../http/audit.js';
import { fieldError } from '../../http/errors.js';
import { timeOrderedId } from './time-ordered-id.js';
import type { TargetStatus } from './transitions.js';
import { insertHistory } from './workflow-store.js';
import './workflow-tables.js';

type Db = Kysely<Database> | Transaction<Database>;

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

export async function setAcceptance(
  db: Db,
  row: {
    incident_id: string;
    tenant_id: string;
    accepted_until: string;
    accepted_by: string | null;
    accepted_at: string;
  },
) {
  await clearAcceptance(db, row.incident_id);
  await db.insertInto('incident_acceptances').values(row).execute();
}

export async function clearAcceptance(db: Db, incidentId: string) {
  await db.deleteFrom('incident_acceptances').where('incident_id', '=', incidentId).execute();
}

export async function acceptedUntilOf(db: Db, incidentId: string): Promise<string | null> {
  const r = await db
    .selectFrom('incident_acceptances')
    .select('accepted_until')
    .where('incident_id', '=', incidentId)
    .executeTakeFirst();
  return r?.accepted_until ?? null;
}

/**
 * The accepted-risk job: every accepted risk whose `accepted_until` has come reopens to
 * investigating, disposition and resolution cleared, with a history line and an audit entry whose
 * actor is the system. Returns how many reopened.
 */
export async function reopenAcceptedRisks(s: AppServices, now: Date): Promise<number> {
  const due = await s.db
    .selectFrom('incident_acceptances')
    .innerJoin('incidents', 'incidents.id', 'incident_acceptances.incident_id')
    .select([
      'incidents.id',
      'incidents.tenant_id',
      'incidents.reference',
      'incident_acceptances.accepted_until',
    ])
    .where('incident_acceptances.accepted_until', '<=', now.toISOString())
    .limit(500)
    .execute();
  let reopened = 0;
  for (const d of due) {
    await s.db.transaction().execute(async (trx) => {
      await clearAcceptance(trx, d.id);
      const moved = await trx
        .updateTable('incidents')
        .set((eb) => ({
          status: 'investigating',
          disposition: null,
          resolution: null,
          closed_at: null,
          row_version: eb('row_version', '+', 1),
          updated_at: now.toISOString(),
        }))
        .where('id', '=', d.id)
        .where('status', '=', 'closed')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return;
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
      await s.audit.write(
        systemContext(d.tenant_id),
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
