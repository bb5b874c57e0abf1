import { inListRead } from '../../db/in-list.js';
import type { Trx } from './incident-write-store.js';
import type { IncidentsTable } from './tables.js';
import './tables.js';

/**
 * The reads correlation makes inside the ingest transaction (correlate.ts): stored open
 * incidents by correlation key, by location path, and their locations. Ids go in chunks of 500
 * (the bound-parameter limit of the smallest dialect, with room to spare).
 */

/** Statuses an event may still fold into (document 2: closed is terminal). */
export const OPEN_STATUSES = ['new', 'triaged', 'investigating', 'awaiting_user'] as const;
const CHUNK = 500;

/**
 * The open incidents with one of these correlation keys, in no order. No ORDER BY: with one,
 * SQLite walked every incident of the tenant through the (tenant_id, created_at) index instead
 * of probing (tenant_id, correlation_key, status) per key, so a batch's cost grew with the
 * tenant's history. The caller orders them (byCreation).
 */
export function openIncidentsQuery(db: Trx, tenantId: string, keys: string[]) {
  return (
    db
      .selectFrom('incidents')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('correlation_key', 'in', keys)
      // Every stored status but `closed` is open (transitions.ts, STORED_STATUSES): one probe of
      // the key index per key, where `status in (…)` made four.
      .where('status', '<>', 'closed')
  );
}

/** Oldest first, by creation then number: the last one per key or path is the newest. */
function byCreation(a: IncidentsTable, b: IncidentsTable): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.number - b.number;
}

const openByKey = inListRead('incidents.openByKey', (db, [tenantId]: [string], keys) =>
  openIncidentsQuery(db, tenantId, keys),
);

/** The tenant's open incidents with these keys, oldest first. */
export async function openIncidentsByKey(
  trx: Trx,
  tenantId: string,
  keys: readonly string[],
): Promise<IncidentsTable[]> {
  if (keys.length === 0) return [];
  return (await openByKey(trx, [tenantId], keys)).sort(byCreation);
}

/** Path → the newest open incident of this device with a location at that path. */
export async function openIncidentsAtPaths(
  trx: Trx,
  tenantId: string,
  deviceId: string,
  paths: readonly string[],
): Promise<Map<string, IncidentsTable>> {
  const atPath: (IncidentsTable & { location_path: string })[] = [];
  for (let i = 0; i < paths.length; i += CHUNK) {
    // Ordered below, not in SQL, for the same reason as openIncidentsQuery.
    const rows = await trx
      .selectFrom('incident_locations as l')
      .innerJoin('incidents as i', 'i.id', 'l.incident_id')
      .selectAll('i')
      .select('l.path as location_path')
      .where('l.tenant_id', '=', tenantId)
      .where('l.device_id', '=', deviceId)
      .where('l.path', 'in', paths.slice(i, i + CHUNK))
      .where('i.status', 'in', [...OPEN_STATUSES])
      .execute();
    atPath.push(...rows);
  }
  atPath.sort(byCreation);
  const out = new Map<string, IncidentsTable>();
  for (const r of atPath) {
    const { location_path, ...row } = r;
    out.set(location_path, row);
  }
  return out;
}

const removedOf = inListRead('incident_locations.removed', (db, _: [], ids) =>
  db
    .selectFrom('incident_locations')
    .selectAll()
    .where('incident_id', 'in', ids)
    .where('state', '=', 'removed'),
);

/** The removed locations of these incidents. */
export async function removedLocations(trx: Trx, incidentIds: readonly string[]) {
  if (incidentIds.length === 0) return [];
  return removedOf(trx, [], incidentIds);
}

/** Every location of one incident. */
export function incidentLocations(trx: Trx, incidentId: string) {
  return trx.selectFrom('incident_locations').selectAll().where('incident_id', '=', incidentId).execute();
}
