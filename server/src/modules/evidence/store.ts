import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type {
  EvidenceAccessesTable,
  EvidenceFilesTable,
  EvidenceSettingsTable,
  EvidenceWithheldTable,
} from './tables.js';
import './tables.js';

/** The evidence module's SQL (docs/architecture.md: SQL only in stores). */
type Db = Kysely<Database> | Transaction<Database>;

export function findSettings(db: Db, tenantId: string): Promise<EvidenceSettingsTable | undefined> {
  return db.selectFrom('evidence_settings').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export function findKey(db: Db, tenantId: string) {
  return db.selectFrom('evidence_keys').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** Inserts the tenant key unless another request did first. */
export async function insertKeyOnce(db: Db, tenantId: string, keySealed: string, at: string): Promise<void> {
  await db
    .insertInto('evidence_keys')
    .values({ tenant_id: tenantId, key_sealed: keySealed, created_at: at })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
}

export function findCopyOfEvent(
  db: Db,
  deviceId: string,
  eventId: string,
): Promise<EvidenceFilesTable | undefined> {
  return db
    .selectFrom('evidence_files')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/** Bytes of the copies a tenant holds now (the cap counts stored copies only). */
export async function storedBytes(db: Db, tenantId: string): Promise<number> {
  const r = await db
    .selectFrom('evidence_files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('n'))
    .where('tenant_id', '=', tenantId)
    .where('state', '=', 'stored')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertCopy(db: Db, row: EvidenceFilesTable): Promise<void> {
  await db.insertInto('evidence_files').values(row).execute();
}

/** Records a withheld notice once per device, event and reason; true when it is new. */
export async function insertWithheldOnce(db: Db, row: Required<EvidenceWithheldTable>): Promise<boolean> {
  const r = await db
    .insertInto('evidence_withheld')
    .values(row)
    .onConflict((oc) => oc.columns(['device_id', 'event_id', 'reason']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function copiesOfIncident(
  db: Db,
  tenantId: string,
  incidentId: string,
): Promise<EvidenceFilesTable[]> {
  return db
    .selectFrom('evidence_files')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('incident_id', '=', incidentId)
    .orderBy('stored_at')
    .orderBy('id')
    .execute();
}

export function withheldOfIncident(
  db: Db,
  tenantId: string,
  incidentId: string,
): Promise<EvidenceWithheldTable[]> {
  return db
    .selectFrom('evidence_withheld')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('incident_id', '=', incidentId)
    .orderBy('recorded_at')
    .execute();
}

export function findCopy(db: Db, tenantId: string, id: string): Promise<EvidenceFilesTable | undefined> {
  return db
    .selectFrom('evidence_files')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findWithheld(
  db: Db,
  tenantId: string,
  id: string,
): Promise<EvidenceWithheldTable | undefined> {
  return db
    .selectFrom('evidence_withheld')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertAccess(db: Db, row: EvidenceAccessesTable): Promise<void> {
  await db.insertInto('evidence_accesses').values(row).execute();
}

/** The latest still-open access of this person to this incident, or undefined. */
export function openAccess(
  db: Db,
  tenantId: string,
  userId: string,
  incidentId: string,
  now: string,
): Promise<EvidenceAccessesTable | undefined> {
  return db
    .selectFrom('evidence_accesses')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('incident_id', '=', incidentId)
    .where('expires_at', '>', now)
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
}

/** Copies due for deletion: stored (or a failed deletion) with `expires_at` at or before now. */
export function dueCopies(db: Db, now: string, limit: number): Promise<EvidenceFilesTable[]> {
  return db
    .selectFrom('evidence_files')
    .selectAll()
    .where('state', 'in', ['stored', 'delete_failed'])
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export async function markCopy(db: Db, id: string, state: 'deleted' | 'delete_failed', at: string | null) {
  await db.updateTable('evidence_files').set({ state, deleted_at: at }).where('id', '=', id).execute();
}
