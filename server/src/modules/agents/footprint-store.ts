import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type Db = Kysely<Database>;

/** Every device's stored-events footprint (the storage quota's count; ingest adds to it). */
export async function storedEventFootprints(db: Db): Promise<{ id: string; stored_events: number }[]> {
  const rows = await db.selectFrom('devices').select(['id', 'stored_events']).execute();
  return rows.map((r) => ({ id: r.id, stored_events: Number(r.stored_events) }));
}

/**
 * Sets a footprint to `count` only if it still reads `seen`: a batch stored since it was read
 * (its events counted or not) leaves it for the next pass, so no increment is ever lost.
 */
export async function correctStoredEvents(db: Db, id: string, seen: number, count: number): Promise<boolean> {
  const r = await db
    .updateTable('devices')
    .set({ stored_events: count })
    .where('id', '=', id)
    .where('stored_events', '=', seen)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
