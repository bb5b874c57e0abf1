import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ReportExportRequestsTable } from './tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function exportThreshold(db: Db, tenantId: string): Promise<number | null> {
  const r = await db
    .selectFrom('report_export_settings')
    .select('approval_above_rows')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return r?.approval_above_rows ?? null;
}

export async function saveExportThreshold(
  db: Db,
  tenantId: string,
  value: number | null,
  by: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('report_export_settings')
    .values({ tenant_id: tenantId, approval_above_rows: value, updated_by: by, updated_at: at })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({ approval_above_rows: value, updated_by: by, updated_at: at }),
    )
    .execute();
}

export async function insertExportRequest(db: Db, row: ReportExportRequestsTable): Promise<void> {
  await db.insertInto('report_export_requests').values(row).execute();
}

export async function findExportRequest(
  db: Db,
  tenantId: string,
  id: string,
): Promise<ReportExportRequestsTable | undefined> {
  return db
    .selectFrom('report_export_requests')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function pendingExportRequest(
  db: Db,
  tenantId: string,
  key: { report_id: string; requested_by: string; view: string; format: string },
): Promise<ReportExportRequestsTable | undefined> {
  return db
    .selectFrom('report_export_requests')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('report_id', '=', key.report_id)
    .where('requested_by', '=', key.requested_by)
    .where('view', '=', key.view)
    .where('format', '=', key.format)
    .where('state', '=', 'pending')
    .executeTakeFirst();
}

export async function listExportRequests(db: Db, tenantId: string, state: string | undefined) {
  let q = db
    .selectFrom('report_export_requests as q')
    .leftJoin('reports as r', (j) =>
      j.onRef('r.id', '=', 'q.report_id').onRef('r.tenant_id', '=', 'q.tenant_id'),
    )
    .leftJoin('users as u', 'u.id', 'q.requested_by')
    .leftJoin('users as d', 'd.id', 'q.decided_by')
    .selectAll('q')
    .select(['r.name as report_name', 'u.email as requested_by_email', 'd.email as decided_by_email'])
    .where('q.tenant_id', '=', tenantId);
  if (state) q = q.where('q.state', '=', state);
  return q.orderBy('q.created_at', 'desc').orderBy('q.id').limit(200).execute();
}

/** Moves a pending request to its decision; false when it was no longer pending. */
export async function decideExportRequest(
  db: Db,
  tenantId: string,
  id: string,
  state: 'approved' | 'rejected' | 'withdrawn',
  by: string,
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('report_export_requests')
    .set({ state, decided_by: by, decided_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Uses an approval once: false when another export used it first. */
export async function useExportApproval(db: Db, tenantId: string, id: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('report_export_requests')
    .set({ used_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('state', '=', 'approved')
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records who ran or exported which report when, and forgets marks older than `forgetBefore`. */
export async function markUsage(
  db: Db,
  mark: { id: string; tenant_id: string; user_id: string; use: string; report_id: string; at: string },
  forgetBefore: string,
): Promise<void> {
  await db.deleteFrom('report_usage_marks').where('at', '<', forgetBefore).execute();
  await db.insertInto('report_usage_marks').values(mark).execute();
}
