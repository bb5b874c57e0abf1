import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ClassificationsTable } from './tables.js';

/** SQL for `classifications` and `classification_state`; tenant id first. */

type Db = Kysely<Database> | Transaction<Database>;

export async function classificationRows(db: Db, tenantId: string) {
  return db.selectFrom('classifications').selectAll().where('tenant_id', '=', tenantId).execute();
}

export async function classificationStates(db: Db, tenantId: string) {
  return db.selectFrom('classification_state').selectAll().where('tenant_id', '=', tenantId).execute();
}

/** One new coordinate; a new classification also gets its state row (enabled). */
export async function insertClassification(
  db: Db,
  row: ClassificationsTable,
  firstOfItsId: boolean,
): Promise<void> {
  await db.insertInto('classifications').values(row).execute();
  if (firstOfItsId)
    await db
      .insertInto('classification_state')
      .values({ id: row.id, tenant_id: row.tenant_id, enabled: 1 })
      .execute();
}

export async function setClassificationEnabled(db: Db, tenantId: string, id: string, enabled: boolean) {
  await db
    .updateTable('classification_state')
    .set({ enabled: enabled ? 1 : 0 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
