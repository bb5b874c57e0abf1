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

/**
 * Claims the device's quota episode (document 2: agent.quota_exceeded once per episode); false
 * when an episode is already open. (`devices` belongs to agents; see docs/architecture.md.)
 */
export async function openQuotaEpisode(db: Db, deviceId: string, reason: string): Promise<boolean> {
  const claimed = await db
    .updateTable('devices')
    .set({ quota_episode: reason })
    .where('id', '=', deviceId)
    .where('quota_episode', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function closeQuotaEpisode(db: Db, deviceId: string): Promise<void> {
  await db.updateTable('devices').set({ quota_episode: null }).where('id', '=', deviceId).execute();
}

/** After a stored batch: the device's event count and last contact. */
export async function countStoredEvents(db: Db, deviceId: string, added: number, now: Date): Promise<void> {
  await db
    .updateTable('devices')
    .set((eb) => ({ stored_events: eb('stored_events', '+', added), last_seen_at: now.toISOString() }))
    .where('id', '=', deviceId)
    .execute();
}

/** The batch's answer, kept so a retried batch is answered the same. */
export async function insertBatch(
  db: Db,
  row: { device_id: string; batch_id: string; tenant_id: string; response: string; created_at: string },
): Promise<void> {
  await db.insertInto('ingest_batches').values(row).execute();
}
