import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function findBatch(db: Db, deviceId: string, batchId: string): Promise<string | undefined> {
  const r = await db
    .selectFrom('ingest_batches')
    .select('response')
    .where('device_id', '=', deviceId)
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
  return r?.response;
}

/** The batch's answer, kept so a retried batch is answered the same. */
export async function insertBatch(
  db: Db,
  row: { device_id: string; batch_id: string; tenant_id: string; response: string; created_at: string },
): Promise<void> {
  await db.insertInto('ingest_batches').values(row).execute();
}
