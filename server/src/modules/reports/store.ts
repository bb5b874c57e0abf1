import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ReportsTable } from './tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function listReports(db: Db, tenantId: string): Promise<ReportsTable[]> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .orderBy('id')
    .limit(1_000)
    .execute();
}

export async function findReport(db: Db, tenantId: string, id: string): Promise<ReportsTable | undefined> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertReport(db: Db, row: ReportsTable): Promise<void> {
  await db.insertInto('reports').values(row).execute();
}

/** Writes the change when the stored version is still `version`; false when it moved on. */
export async function updateReport(
  db: Db,
  tenantId: string,
  id: string,
  version: number,
  change: Pick<
    ReportsTable,
    'name' | 'description' | 'subject' | 'kind' | 'filters' | 'template_id' | 'updated_at'
  >,
): Promise<boolean> {
  const r = await db
    .updateTable('reports')
    .set({ ...change, row_version: version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('row_version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Removes the report with its export requests. */
export async function deleteReport(db: Db, tenantId: string, id: string): Promise<boolean> {
  await db
    .deleteFrom('report_export_requests')
    .where('tenant_id', '=', tenantId)
    .where('report_id', '=', id)
    .execute();
  const r = await db
    .deleteFrom('reports')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
