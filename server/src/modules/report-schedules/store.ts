import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type {
  ReportDeliveriesTable,
  ReportDeliveryDestinationsTable,
  ReportScheduleRunsTable,
  ReportSchedulesTable,
} from './tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Lists answer the latest 100 (document 2). */
export const LATEST = 100;

export async function listDestinations(db: Db, tenantId: string): Promise<ReportDeliveryDestinationsTable[]> {
  return db
    .selectFrom('report_delivery_destinations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .orderBy('id')
    .limit(1_000)
    .execute();
}

export async function findDestination(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('report_delivery_destinations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertDestination(db: Db, row: ReportDeliveryDestinationsTable): Promise<void> {
  await db.insertInto('report_delivery_destinations').values(row).execute();
}

export async function updateDestination(
  db: Db,
  tenantId: string,
  id: string,
  change: Partial<
    Pick<ReportDeliveryDestinationsTable, 'name' | 'url' | 'secret_sealed' | 'ca_certificate'>
  > & {
    updated_at: string;
  },
): Promise<void> {
  await db
    .updateTable('report_delivery_destinations')
    .set(change)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function listSchedules(
  db: Db,
  tenantId: string,
  reportId?: string,
): Promise<ReportSchedulesTable[]> {
  let q = db.selectFrom('report_schedules').selectAll().where('tenant_id', '=', tenantId);
  if (reportId !== undefined) q = q.where('report_id', '=', reportId);
  return q.orderBy('created_at').orderBy('id').limit(1_000).execute();
}

export async function findSchedule(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('report_schedules')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A schedule by id alone, for the scheduler (it learns the tenant from the row). */
export async function scheduleById(db: Db, id: string) {
  return db.selectFrom('report_schedules').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSchedule(db: Db, row: ReportSchedulesTable): Promise<void> {
  await db.insertInto('report_schedules').values(row).execute();
}

export async function updateSchedule(
  db: Db,
  tenantId: string,
  id: string,
  change: Partial<Omit<ReportSchedulesTable, 'id' | 'tenant_id' | 'report_id' | 'created_at'>>,
): Promise<void> {
  await db
    .updateTable('report_schedules')
    .set(change)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteSchedule(db: Db, tenantId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('report_schedules')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  await db
    .deleteFrom('report_schedule_runs')
    .where('tenant_id', '=', tenantId)
    .where('schedule_id', '=', id)
    .execute();
  return Number(r.numDeletedRows) > 0;
}

/** Enabled schedules whose next occurrence has come, oldest first. */
export async function dueSchedules(db: Db, now: string, limit: number): Promise<ReportSchedulesTable[]> {
  return db
    .selectFrom('report_schedules')
    .selectAll()
    .where('enabled', '=', 1)
    .where('next_run_at', 'is not', null)
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(limit)
    .execute();
}

/** Moves a schedule to its next occurrence unless another instance already did. */
export async function advanceSchedule(db: Db, id: string, from: string, to: string): Promise<void> {
  await db
    .updateTable('report_schedules')
    .set({ next_run_at: to })
    .where('id', '=', id)
    .where('next_run_at', '=', from)
    .execute();
}

/**
 * The run of one occurrence; false when a run for (schedule, occurrence) exists already — the
 * unique key decides which instance runs it.
 */
export async function insertRun(db: Db, row: ReportScheduleRunsTable): Promise<boolean> {
  const r = await db
    .insertInto('report_schedule_runs')
    .values(row)
    .onConflict((oc) => oc.columns(['schedule_id', 'occurrence_at']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function listRuns(
  db: Db,
  tenantId: string,
  scheduleId: string,
): Promise<ReportScheduleRunsTable[]> {
  return db
    .selectFrom('report_schedule_runs')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('schedule_id', '=', scheduleId)
    .orderBy('occurrence_at', 'desc')
    .limit(LATEST)
    .execute();
}

export async function updateRun(
  db: Db,
  id: string,
  change: Partial<Omit<ReportScheduleRunsTable, 'id' | 'tenant_id' | 'schedule_id' | 'occurrence_at'>>,
): Promise<void> {
  await db.updateTable('report_schedule_runs').set(change).where('id', '=', id).execute();
}

/** Runs waiting for a retry whose time has come. */
export async function dueRetries(db: Db, now: string, limit: number): Promise<ReportScheduleRunsTable[]> {
  return db
    .selectFrom('report_schedule_runs')
    .selectAll()
    .where('state', '=', 'retrying')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/** Takes a retry for this instance: true when the run was still waiting at `attempts`. */
export async function claimRetry(db: Db, id: string, attempts: number): Promise<boolean> {
  const r = await db
    .updateTable('report_schedule_runs')
    .set({ state: 'running', attempts: attempts + 1, next_attempt_at: null })
    .where('id', '=', id)
    .where('state', '=', 'retrying')
    .where('attempts', '=', attempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function insertDelivery(db: Db, row: ReportDeliveriesTable): Promise<void> {
  await db.insertInto('report_deliveries').values(row).execute();
}

export async function listDeliveries(
  db: Db,
  tenantId: string,
  destinationId: string | undefined,
): Promise<ReportDeliveriesTable[]> {
  let q = db.selectFrom('report_deliveries').selectAll().where('tenant_id', '=', tenantId);
  if (destinationId !== undefined) q = q.where('destination_id', '=', destinationId);
  return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(LATEST).execute();
}
