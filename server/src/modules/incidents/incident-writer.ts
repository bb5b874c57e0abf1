import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { IncidentLocationsTable, IncidentsTable } from './tables.js';
import './tables.js';

export type Trx = Transaction<Database> | Kysely<Database>;

/** One incident as a batch's correlation holds it until written. */
export interface Pending {
  row: IncidentsTable;
  isNew: boolean;
  touched: boolean;
  policies: Map<string, { name: string | null; applied: number; superseded: number }>;
  locations: Map<string, IncidentLocationsTable & { dirty?: boolean; isNew?: boolean }>;
  /** Every stored location is in `locations` (new incidents: trivially). */
  fullyLoaded: boolean;
  /** The stored removed locations are in `locations`. */
  removedLoaded: boolean;
}

/** Columns an ingest changes on an existing incident; everything else keeps its stored value. */
const FOLDED_COLUMNS = [
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
] as const;

const LOCATION_COLUMNS = [
  'content_hash',
  'state',
  'last_seen_at',
  'moved_at',
  'moved_to',
  'departure',
  'removed_at',
] as const;

/**
 * Writes a batch's incidents, policy counts and locations with a handful of multi-row upserts
 * (INSERT … ON CONFLICT DO UPDATE works alike on SQLite and PostgreSQL): a statement per row
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
  const rows = touched.map((p) => p.row);
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('incidents')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => Object.fromEntries(FOLDED_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
  const policyRows = touched.flatMap((p) =>
    [...p.policies].map(([policyId, v]) => ({
      incident_id: p.row.id,
      policy_id: policyId,
      tenant_id: tenantId,
      name: v.name,
      applied_events: v.applied,
      superseded_events: v.superseded,
    })),
  );
  for (let i = 0; i < policyRows.length; i += 300) {
    await trx
      .insertInto('incident_policies')
      .values(policyRows.slice(i, i + 300))
      .onConflict((oc) =>
        oc.columns(['incident_id', 'policy_id']).doUpdateSet((eb) => ({
          applied_events: eb('incident_policies.applied_events', '+', eb.ref('excluded.applied_events')),
          superseded_events: eb(
            'incident_policies.superseded_events',
            '+',
            eb.ref('excluded.superseded_events'),
          ),
        })),
      )
      .execute();
  }
  const locations: IncidentLocationsTable[] = [];
  for (const p of touched) {
    for (const l of p.locations.values()) {
      if (!l.dirty) continue;
      const { dirty: _d, isNew: _n, ...row } = l;
      locations.push(row);
    }
  }
  for (let i = 0; i < locations.length; i += 200) {
    await trx
      .insertInto('incident_locations')
      .values(locations.slice(i, i + 200))
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
      )
      .execute();
  }
}
