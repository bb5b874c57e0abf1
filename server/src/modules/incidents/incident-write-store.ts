import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { type RowStatement, runRows } from '../../db/row-statements.js';
import { type FoldedColumn, foldIncidents } from './fold-store.js';
import type { IncidentLocationsTable, IncidentPoliciesTable, IncidentsTable } from './tables.js';
import './tables.js';

export type Trx = Transaction<Database> | Kysely<Database>;

/** One incident as a batch's correlation holds it until written. */
export interface Pending {
  row: IncidentsTable;
  isNew: boolean;
  /**
   * The indexed folded columns as read from the store (null for a new incident): a fold sets one
   * only when the batch changed it (INDEXED_FOLDED).
   */
  stored: Pick<IncidentsTable, IndexedFolded> | null;
  touched: boolean;
  policies: Map<string, { name: string | null; applied: number; superseded: number }>;
  locations: Map<string, IncidentLocationsTable & { dirty?: boolean; isNew?: boolean }>;
  /** Every stored location is in `locations` (new incidents: trivially). */
  fullyLoaded: boolean;
  /** The stored removed locations are in `locations`. */
  removedLoaded: boolean;
  /** The department the creating event reported (a new incident only; department.ts). */
  reportedDepartment?: string | null;
}

/** Columns an ingest changes on an existing incident; everything else keeps its stored value. */
const FOLDED_COLUMNS: readonly FoldedColumn[] = [
  'event_count',
  'match_count',
  'first_seen_at',
  'last_seen_at',
  'evaluated_offline',
  'action',
  'requested_action',
  'severity',
  'superseded_policy_ids',
  'updated_at',
  'row_version',
  // Scored before the write (batch-scoring.ts): not an edit, but a fold moves both scores.
  'risk_score',
  'priority_score',
];

const LOCATION_COLUMNS = [
  'content_hash',
  'state',
  'last_seen_at',
  'moved_at',
  'moved_to',
  'departure',
  'removed_at',
] as const;

/** Every column of each table, once (`satisfies` fails the build when one is missing). */
const INCIDENT_COLUMNS = Object.keys({
  id: 0,
  tenant_id: 0,
  number: 0,
  reference: 0,
  title: 0,
  severity: 0,
  status: 0,
  row_version: 0,
  correlation_key: 0,
  action_kind: 0,
  policy_id: 0,
  policy_name: 0,
  device_id: 0,
  group_id: 0,
  hostname: 0,
  username: 0,
  channel: 0,
  content_hash: 0,
  file_path: 0,
  file_name: 0,
  file_size_bytes: 0,
  policy_version: 0,
  action: 0,
  requested_action: 0,
  evaluated_offline: 0,
  superseded_policy_ids: 0,
  synthetic: 0,
  synthetic_by: 0,
  event_count: 0,
  match_count: 0,
  risk_score: 0,
  priority_score: 0,
  assignee_id: 0,
  assignee_email: 0,
  disposition: 0,
  resolution: 0,
  response_met: 0,
  resolution_met: 0,
  first_seen_at: 0,
  last_seen_at: 0,
  created_at: 0,
  updated_at: 0,
  closed_at: 0,
} satisfies Record<keyof IncidentsTable, 0>) as (keyof IncidentsTable)[];

const POLICY_COLUMNS = Object.keys({
  incident_id: 0,
  policy_id: 0,
  tenant_id: 0,
  name: 0,
  applied_events: 0,
  superseded_events: 0,
} satisfies Record<keyof IncidentPoliciesTable, 0>) as (keyof IncidentPoliciesTable)[];

const LOCATION_ROW_COLUMNS = Object.keys({
  id: 0,
  tenant_id: 0,
  incident_id: 0,
  device_id: 0,
  path: 0,
  content_hash: 0,
  state: 0,
  first_seen_at: 0,
  last_seen_at: 0,
  moved_at: 0,
  moved_to: 0,
  departure: 0,
  removed_at: 0,
} satisfies Record<keyof IncidentLocationsTable, 0>) as (keyof IncidentLocationsTable)[];

/**
 * Folded columns that indexes hold. Setting one costs SQLite a rewrite of each index entry that
 * holds it even when the value is the same (eight times an unindexed column's cost, measured),
 * and keeps PostgreSQL from a heap-only update: the fold of an existing incident sets one only
 * when it changed.
 */
const INDEXED_FOLDED = ['severity', 'first_seen_at', 'last_seen_at', 'risk_score', 'priority_score'] as const;
type IndexedFolded = (typeof INDEXED_FOLDED)[number];

/** What a fold compares with (Pending.stored): five columns, not a copy of the whole row. */
export function storedIndexed(row: IncidentsTable): Pick<IncidentsTable, IndexedFolded> {
  return {
    severity: row.severity,
    first_seen_at: row.first_seen_at,
    last_seen_at: row.last_seen_at,
    risk_score: row.risk_score,
    priority_score: row.priority_score,
  };
}

/** New incidents are inserted whole; an existing one takes only the folded columns (fold-store.ts). */
const INSERT_INCIDENTS: RowStatement<IncidentsTable> = {
  name: 'incidents.insert',
  columns: INCIDENT_COLUMNS,
  max: 128,
  build: (db, rows) => db.insertInto('incidents').values(rows),
};

/** The folded columns set by a fold that changed these indexed ones (a bit each, INDEXED_FOLDED order). */
const FOLD_COLUMNS = new Map<number, readonly FoldedColumn[]>();

function foldColumns(changed: number): readonly FoldedColumn[] {
  let set = FOLD_COLUMNS.get(changed);
  if (!set) {
    const left = INDEXED_FOLDED.filter((_, i) => (changed & (1 << i)) === 0) as readonly string[];
    set = FOLDED_COLUMNS.filter((c) => !left.includes(c));
    FOLD_COLUMNS.set(changed, set);
  }
  return set;
}

/** Which indexed folded columns the batch changed on a stored incident (INDEXED_FOLDED bits). */
function changedIndexed(p: Pending): number {
  let bits = 0;
  INDEXED_FOLDED.forEach((c, i) => {
    if (p.stored === null || p.stored[c] !== p.row[c]) bits |= 1 << i;
  });
  return bits;
}

/** The batch's counts are added to what is stored. */
const UPSERT_POLICIES: RowStatement<IncidentPoliciesTable> = {
  name: 'incident_policies.upsert',
  columns: POLICY_COLUMNS,
  max: 256,
  build: (db, rows) =>
    db
      .insertInto('incident_policies')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['incident_id', 'policy_id']).doUpdateSet((eb) => ({
          applied_events: eb('incident_policies.applied_events', '+', eb.ref('excluded.applied_events')),
          superseded_events: eb(
            'incident_policies.superseded_events',
            '+',
            eb.ref('excluded.superseded_events'),
          ),
        })),
      ),
};

const UPSERT_LOCATIONS: RowStatement<IncidentLocationsTable> = {
  name: 'incident_locations.upsert',
  columns: LOCATION_ROW_COLUMNS,
  max: 128,
  build: (db, rows) =>
    db
      .insertInto('incident_locations')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['incident_id', 'path']).doUpdateSet((eb) => ({
          ...Object.fromEntries(LOCATION_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
          // A location written without being read keeps its known hash and later sighting.
          content_hash: eb.fn.coalesce(
            eb.ref('excluded.content_hash'),
            eb.ref('incident_locations.content_hash'),
          ),
          last_seen_at: sql<string>`case when excluded.last_seen_at > incident_locations.last_seen_at then excluded.last_seen_at else incident_locations.last_seen_at end`,
        })),
      ),
};

function values<T>(row: T, columns: readonly (keyof T)[]): unknown[] {
  return columns.map((c) => row[c]);
}

/**
 * Writes a batch's incidents (numbering the new ones from the tenant's counter), policy counts and
 * locations with a handful of multi-row statements (new incidents inserted, stored ones folded by
 * fold-store.ts, side rows by upserts: INSERT … ON CONFLICT DO UPDATE works alike on SQLite and
 * PostgreSQL): a statement per row
 * would cost a round trip each and hold the ingest transaction open for longer.
 */
export async function writeIncidents(trx: Trx, tenantId: string, touched: Pending[]): Promise<void> {
  const fresh = touched.filter((p) => p.isNew);
  if (fresh.length > 0) {
    await trx
      .insertInto('incident_counters')
      .values({ tenant_id: tenantId, next_number: 1 })
      .onConflict((oc) => oc.column('tenant_id').doNothing())
      .execute();
    const r = await trx
      .updateTable('incident_counters')
      .set((eb) => ({ next_number: eb('next_number', '+', fresh.length) }))
      .where('tenant_id', '=', tenantId)
      .returning('next_number')
      .executeTakeFirstOrThrow();
    let n = Number(r.next_number) - fresh.length;
    for (const p of fresh) {
      p.row.number = n;
      p.row.reference = `INC-${n}`;
      n += 1;
    }
  }
  for (const p of touched) if (!p.isNew) p.row.row_version += 1;
  await runRows(
    trx,
    INSERT_INCIDENTS,
    fresh.map((p) => values(p.row, INCIDENT_COLUMNS)),
  );
  const folds = new Map<number, IncidentsTable[]>();
  for (const p of touched) {
    if (p.isNew) continue;
    const bits = changedIndexed(p);
    const rows = folds.get(bits);
    if (rows) rows.push(p.row);
    else folds.set(bits, [p.row]);
  }
  for (const [bits, rows] of folds) await foldIncidents(trx, foldColumns(bits), rows);
  const policyRows = touched.flatMap((p) =>
    [...p.policies].map(([policyId, v]) => [p.row.id, policyId, tenantId, v.name, v.applied, v.superseded]),
  );
  await runRows(trx, UPSERT_POLICIES, policyRows);
  const locations: unknown[][] = [];
  for (const p of touched) {
    for (const l of p.locations.values()) if (l.dirty) locations.push(values(l, LOCATION_ROW_COLUMNS));
  }
  await runRows(trx, UPSERT_LOCATIONS, locations);
}
