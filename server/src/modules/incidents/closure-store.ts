import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { IncidentCloseRequestsTable, IncidentSinglePersonClosuresTable } from './closure-tables.js';
import './closure-tables.js';
import './workflow-tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface ClosureSettings {
  second_person_accepted_risk: boolean;
  second_person_critical: boolean;
  updated_at: string | null;
}

/** A tenant without a row needs no second person (both off). */
export async function closureSettings(db: Db, tenantId: string): Promise<ClosureSettings> {
  const r = await db
    .selectFrom('incident_closure_settings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return {
    second_person_accepted_risk: r?.second_person_accepted_risk === 1,
    second_person_critical: r?.second_person_critical === 1,
    updated_at: r?.updated_at ?? null,
  };
}

export async function saveClosureSettings(
  db: Db,
  tenantId: string,
  v: { second_person_accepted_risk: boolean; second_person_critical: boolean },
  at: string,
) {
  const row = {
    second_person_accepted_risk: v.second_person_accepted_risk ? 1 : 0,
    second_person_critical: v.second_person_critical ? 1 : 0,
    updated_at: at,
  };
  await db
    .insertInto('incident_closure_settings')
    .values({ tenant_id: tenantId, ...row })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(row))
    .execute();
}

export async function pendingRequest(db: Db, incidentId: string) {
  return db
    .selectFrom('incident_close_requests')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
}

export async function insertRequest(db: Db, row: IncidentCloseRequestsTable) {
  await db.insertInto('incident_close_requests').values(row).execute();
}

/** Moves a pending request to its decision; false when it was no longer pending. */
export async function decideRequest(
  db: Db,
  id: string,
  d: { state: string; decided_by: string; decided_at: string; decision_note: string | null },
): Promise<boolean> {
  const r = await db
    .updateTable('incident_close_requests')
    .set(d)
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function statusChanges(db: Db, incidentId: string): Promise<number> {
  const r = await db
    .selectFrom('incident_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('incident_id', '=', incidentId)
    .where('kind', '=', 'status')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertSinglePersonClosure(db: Db, row: IncidentSinglePersonClosuresTable) {
  await db.insertInto('incident_single_person_closures').values(row).execute();
}

/** Newest first; ties by id descending. */
export async function singlePersonPage(db: Db, tenantId: string, limit: number, offset: number) {
  const total = await db
    .selectFrom('incident_single_person_closures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('incident_single_person_closures')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('closed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total.n) };
}
