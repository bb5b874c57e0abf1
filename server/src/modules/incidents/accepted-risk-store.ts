import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';
import './workflow-tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The SQL of accepted risks (accepted-risk.ts holds the rules and the reopening job). */
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

/** Accepted risks whose time has come, a batch at a time. */
export async function dueAcceptances(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('incident_acceptances')
    .innerJoin('incidents', 'incidents.id', 'incident_acceptances.incident_id')
    .select([
      'incidents.id',
      'incidents.tenant_id',
      'incidents.reference',
      'incident_acceptances.accepted_until',
    ])
    .where('incident_acceptances.accepted_until', '<=', now.toISOString())
    .limit(limit)
    .execute();
}

/** Reopens a closed incident to investigating, its close cleared; false when it was not closed. */
export async function reopenClosed(db: Db, incidentId: string, now: Date): Promise<boolean> {
  const moved = await db
    .updateTable('incidents')
    .set((eb) => ({
      status: 'investigating',
      disposition: null,
      resolution: null,
      closed_at: null,
      row_version: eb('row_version', '+', 1),
      updated_at: now.toISOString(),
    }))
    .where('id', '=', incidentId)
    .where('status', '=', 'closed')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
