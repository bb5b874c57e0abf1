import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type {
  DiscoveryScanEndpointsTable,
  DiscoveryScanFindingsTable,
  DiscoveryScansTable,
  ScanStatus,
} from './tables.js';
import './tables.js';

/** SQL for `discovery_scans`, `discovery_scan_endpoints` and `discovery_scan_findings`; tenant first. */

type Db = Kysely<Database> | Transaction<Database>;

export async function nextScanNumber(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('discovery_scans')
    .select((eb) => eb.fn.max<number | null>('number').as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

export async function insertScan(
  db: Db,
  scan: DiscoveryScansTable,
  endpoints: DiscoveryScanEndpointsTable[],
): Promise<void> {
  await db.insertInto('discovery_scans').values(scan).execute();
  if (endpoints.length > 0) await db.insertInto('discovery_scan_endpoints').values(endpoints).execute();
}

export function findScan(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('discovery_scans')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The newest scan of a series (the one a re-run follows). */
export function latestOfSeries(db: Db, tenantId: string, seriesId: string) {
  return db
    .selectFrom('discovery_scans')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('series_id', '=', seriesId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function listScans(
  db: Db,
  tenantId: string,
  filter: { status?: ScanStatus | undefined },
  page: { limit: number; offset: number },
) {
  let q = db.selectFrom('discovery_scans').where('tenant_id', '=', tenantId);
  if (filter.status) q = q.where('status', '=', filter.status);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('number', 'desc').limit(page.limit).offset(page.offset).execute();
  return { rows, total: Number(total.n) };
}

export function scanEndpoints(db: Db, tenantId: string, scanIds: readonly string[]) {
  return db
    .selectFrom('discovery_scan_endpoints')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('scan_id', 'in', scanIds.length > 0 ? [...scanIds] : [''])
    .orderBy('scan_id')
    .orderBy('device_id')
    .execute();
}

export function findScanEndpoint(db: Db, tenantId: string, scanId: string, deviceId: string) {
  return db
    .selectFrom('discovery_scan_endpoints')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('scan_id', '=', scanId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
}

export async function updateScanEndpoint(
  db: Db,
  key: { tenantId: string; scanId: string; deviceId: string },
  set: Partial<Omit<DiscoveryScanEndpointsTable, 'tenant_id' | 'scan_id' | 'device_id'>>,
): Promise<void> {
  await db
    .updateTable('discovery_scan_endpoints')
    .set(set)
    .where('tenant_id', '=', key.tenantId)
    .where('scan_id', '=', key.scanId)
    .where('device_id', '=', key.deviceId)
    .execute();
}

/** Every endpoint run of the scan not yet finished becomes cancelled. */
export async function cancelOpenEndpoints(db: Db, tenantId: string, scanId: string, at: string) {
  await db
    .updateTable('discovery_scan_endpoints')
    .set({ status: 'cancelled', finished_at: at })
    .where('tenant_id', '=', tenantId)
    .where('scan_id', '=', scanId)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

export async function updateScan(
  db: Db,
  tenantId: string,
  id: string,
  set: Partial<Pick<DiscoveryScansTable, 'status' | 'finished_at' | 'cancelled_by' | 'cancel_reason'>>,
): Promise<void> {
  await db
    .updateTable('discovery_scans')
    .set(set)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** A path reported twice in one run keeps its first finding (an agent retrying a report). */
export async function insertFindings(db: Db, rows: DiscoveryScanFindingsTable[]): Promise<number> {
  if (rows.length === 0) return 0;
  const out = await db
    .insertInto('discovery_scan_findings')
    .values(rows)
    .onConflict((oc) => oc.columns(['scan_id', 'device_id', 'path']).doNothing())
    .executeTakeFirst();
  return Number(out.numInsertedOrUpdatedRows ?? 0);
}

export async function listFindings(
  db: Db,
  tenantId: string,
  scanId: string,
  filter: { maxRank: number; deviceId?: string | undefined },
  page: { limit: number; offset: number },
) {
  let q = db
    .selectFrom('discovery_scan_findings')
    .where('tenant_id', '=', tenantId)
    .where('scan_id', '=', scanId)
    .where('severity_rank', '<=', filter.maxRank);
  if (filter.deviceId) q = q.where('device_id', '=', filter.deviceId);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('severity_rank')
    .orderBy('path')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: Number(total.n) };
}

/** Findings per severity of one scan (the scan record's summary). */
export function findingCounts(db: Db, tenantId: string, scanId: string) {
  return db
    .selectFrom('discovery_scan_findings')
    .select(['severity', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('scan_id', '=', scanId)
    .groupBy('severity')
    .execute();
}

/**
 * The newest run of every recurring series that has completed (every tenant): the schedule's
 * candidates. A series whose newest run is queued, running or cancelled is not among them.
 */
export function recurringSeriesHeads(db: Db) {
  return db
    .selectFrom('discovery_scans as s')
    .selectAll('s')
    .where('s.repeat_every_hours', 'is not', null)
    .where('s.status', '=', 'completed')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('discovery_scans as n')
            .select('n.id')
            .whereRef('n.tenant_id', '=', 's.tenant_id')
            .whereRef('n.series_id', '=', 's.series_id')
            .whereRef('n.number', '>', 's.number'),
        ),
      ),
    )
    .orderBy('s.created_at')
    .limit(500)
    .execute();
}

/** Endpoint runs still `running` whose last report is older than `before` (every tenant). */
export function silentRunningEndpoints(db: Db, before: string) {
  return db
    .selectFrom('discovery_scan_endpoints')
    .select(['tenant_id', 'scan_id', 'device_id'])
    .where('status', '=', 'running')
    .where('reported_at', '<', before)
    .limit(500)
    .execute();
}
