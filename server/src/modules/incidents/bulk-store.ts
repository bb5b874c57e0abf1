import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { IncidentBulkRequestsTable } from './bulk-tables.js';
import './bulk-tables.js';

type Db = Kysely<Database> | Transaction<Database>;
export type BulkKey = Pick<IncidentBulkRequestsTable, 'tenant_id' | 'user_id' | 'idempotency_key'>;

/** Stores the key as `applying`; false when the key is already held (kept or in progress). */
export async function claimBulkKey(db: Db, row: IncidentBulkRequestsTable): Promise<boolean> {
  const r = await db
    .insertInto('incident_bulk_requests')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function findBulkKey(db: Db, k: BulkKey, since: string) {
  return db
    .selectFrom('incident_bulk_requests')
    .selectAll()
    .where('tenant_id', '=', k.tenant_id)
    .where('user_id', '=', k.user_id)
    .where('idempotency_key', '=', k.idempotency_key)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

export async function finishBulkKey(db: Db, k: BulkKey, response: string): Promise<void> {
  await db
    .updateTable('incident_bulk_requests')
    .set({ state: 'done', response })
    .where('tenant_id', '=', k.tenant_id)
    .where('user_id', '=', k.user_id)
    .where('idempotency_key', '=', k.idempotency_key)
    .execute();
}

export async function releaseBulkKey(db: Db, k: BulkKey): Promise<void> {
  await db
    .deleteFrom('incident_bulk_requests')
    .where('tenant_id', '=', k.tenant_id)
    .where('user_id', '=', k.user_id)
    .where('idempotency_key', '=', k.idempotency_key)
    .execute();
}

/** Keys are kept a day (document 2, Limits): older ones are deleted. */
export async function purgeBulkKeys(db: Db, before: string): Promise<void> {
  await db.deleteFrom('incident_bulk_requests').where('created_at', '<', before).execute();
}
