import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ExceptionDecisionsTable, ExceptionRequestsTable } from './tables.js';

/** Every statement of the exception-requests module (docs/architecture.md: SQL only in stores). */
type Db = Kysely<Database> | Transaction<Database>;
export type RequestRow = ExceptionRequestsTable;

export async function insertRequest(db: Db, row: RequestRow): Promise<void> {
  await db.insertInto('exception_requests').values(row).execute();
}

export function findByKey(db: Db, deviceId: string, key: string): Promise<RequestRow | undefined> {
  return db
    .selectFrom('exception_requests')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('request_key', '=', key)
    .executeTakeFirst();
}

export function findById(db: Db, tenantId: string, id: string): Promise<RequestRow | undefined> {
  return db
    .selectFrom('exception_requests')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findDeviceRequest(
  db: Db,
  tenantId: string,
  deviceId: string,
  reference: string,
): Promise<RequestRow | undefined> {
  return db
    .selectFrom('exception_requests')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('device_id', '=', deviceId)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

export async function countPending(db: Db, deviceId: string): Promise<number> {
  const r = await db
    .selectFrom('exception_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('device_id', '=', deviceId)
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Moves a request on only from the state it was read in; false when another write came first. */
export async function updateFrom(
  db: Db,
  id: string,
  fromState: string,
  set: Partial<RequestRow>,
): Promise<boolean> {
  const r = await db
    .updateTable('exception_requests')
    .set(set)
    .where('id', '=', id)
    .where('state', '=', fromState)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface ListFilter {
  state?: string;
  subject?: string;
  policy?: string;
  limit: number;
  offset: number;
}

export async function listRequests(
  db: Db,
  tenantId: string,
  f: ListFilter,
): Promise<{ rows: RequestRow[]; total: number }> {
  let q = db.selectFrom('exception_requests').where('tenant_id', '=', tenantId);
  if (f.state) q = q.where('state', '=', f.state);
  if (f.policy) q = q.where('policy_id', '=', f.policy);
  if (f.subject) q = q.where(sql<string>`lower(subject)`, '=', f.subject.toLowerCase());
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return { rows, total: Number(total.n) };
}

/** Requests that lapsed (expired unanswered) since `since`. */
export async function countLapsedSince(db: Db, tenantId: string, since: string): Promise<number> {
  const r = await db
    .selectFrom('exception_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('state', '=', 'expired')
    .where('closed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function duePending(db: Db, now: string, limit: number): Promise<RequestRow[]> {
  return db
    .selectFrom('exception_requests')
    .selectAll()
    .where('state', '=', 'pending')
    .where('lapses_at', '<=', now)
    .orderBy('lapses_at', 'asc')
    .limit(limit)
    .execute();
}

export async function nextSerial(db: Db, deviceId: string): Promise<number> {
  const r = await db
    .selectFrom('exception_decisions')
    .select((eb) => eb.fn.max('serial').as('top'))
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return Number(r?.top ?? 0) + 1;
}

export async function insertDecision(db: Db, row: ExceptionDecisionsTable): Promise<void> {
  await db.insertInto('exception_decisions').values(row).execute();
}

export function decisionsAbove(
  db: Db,
  deviceId: string,
  since: number,
  limit: number,
): Promise<ExceptionDecisionsTable[]> {
  return db
    .selectFrom('exception_decisions')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('serial', '>', since)
    .orderBy('serial', 'asc')
    .limit(limit)
    .execute();
}

/** The device's requests raised since `since`, for their states (nothing signed about them). */
export function deviceRequestsSince(
  db: Db,
  deviceId: string,
  since: string,
): Promise<Pick<RequestRow, 'reference' | 'state'>[]> {
  return db
    .selectFrom('exception_requests')
    .select(['reference', 'state'])
    .where('device_id', '=', deviceId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'asc')
    .limit(200)
    .execute();
}

/** Approval in force for this device and content at `at` (rule 10 `approved_exception`). */
export function approvalInForce(
  db: Db,
  tenantId: string,
  deviceId: string,
  fileHash: string,
  at: string,
): Promise<RequestRow | undefined> {
  return db
    .selectFrom('exception_requests')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('device_id', '=', deviceId)
    .where('file_hash', '=', fileHash.toLowerCase())
    .where('state', '=', 'approved')
    .where('decided_at', '<=', at)
    .where('approved_until', '>', at)
    .executeTakeFirst();
}

/**
 * The approvals held as approved for this device and any of these contents (lower-case hashes),
 * whatever their window: ingest scores a batch's incidents with one read and checks each
 * incident's time itself (approvalInForce's conditions).
 */
export async function approvalsOfContents(
  db: Db,
  tenantId: string,
  deviceId: string,
  fileHashes: readonly string[],
): Promise<{ file_hash: string; decided_at: string | null; approved_until: string | null }[]> {
  const out = [];
  for (let i = 0; i < fileHashes.length; i += 500)
    out.push(
      ...(await db
        .selectFrom('exception_requests')
        .select(['file_hash', 'decided_at', 'approved_until'])
        .where('tenant_id', '=', tenantId)
        .where('device_id', '=', deviceId)
        .where('file_hash', 'in', fileHashes.slice(i, i + 500))
        .where('state', '=', 'approved')
        .execute()),
    );
  return out;
}

export async function findLabel(db: Db, tenantId: string): Promise<string | undefined> {
  const r = await db
    .selectFrom('exception_settings')
    .select('approver_label')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return r?.approver_label;
}

/** The stored label and when it was set (undefined: the default is in force). */
export async function labelRow(db: Db, tenantId: string) {
  return db
    .selectFrom('exception_settings')
    .select(['approver_label', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export async function saveLabel(db: Db, tenantId: string, label: string | null, by: string, at: string) {
  if (label === null) {
    await db.deleteFrom('exception_settings').where('tenant_id', '=', tenantId).execute();
    return;
  }
  await db
    .insertInto('exception_settings')
    .values({ tenant_id: tenantId, approver_label: label, updated_by: by, updated_at: at })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({ approver_label: label, updated_by: by, updated_at: at }),
    )
    .execute();
}
