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
