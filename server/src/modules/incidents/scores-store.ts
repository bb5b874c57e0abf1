import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { FALSE_POSITIVE_DISPOSITIONS } from './policy-record-store.js';
import type { IncidentScoresTable } from './scores-tables.js';
import type { IncidentsTable } from './tables.js';
import './scores-tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function incidentsById(db: Db, tenantId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('incidents')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function matchedPolicyCount(db: Db, incidentId: string): Promise<number> {
  const r = await db
    .selectFrom('incident_policies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('incident_id', '=', incidentId)
    .where('applied_events', '>', 0)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function departedLocations(db: Db, incidentId: string) {
  return db
    .selectFrom('incident_locations')
    .select(['first_seen_at', 'moved_at', 'removed_at', 'departure'])
    .where('incident_id', '=', incidentId)
    .where('departure', 'is not', null)
    .execute();
}

/** A rule's closed incidents and its false positives; tests are left out (policy-record.ts). */
export async function ruleRecord(db: Db, tenantId: string, policyId: string) {
  const r = await db
    .selectFrom('incidents')
    .select((eb) => [
      eb.fn.countAll<number>().as('closed'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('disposition', 'in', [...FALSE_POSITIVE_DISPOSITIONS])
            .then(1)
            .else(0)
            .end(),
        )
        .as('fp'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('policy_id', '=', policyId)
    .where('status', '=', 'closed')
    .where('synthetic', '=', 0)
    .executeTakeFirst();
  return { closed: Number(r?.closed ?? 0), false_positives: Number(r?.fp ?? 0) };
}

/** The person's closed, confirmed, non-test incidents created before this one. */
export async function priorConfirmed(db: Db, r: IncidentsTable): Promise<number> {
  if (!r.username) return 0;
  const row = await db
    .selectFrom('incidents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', r.tenant_id)
    .where('username', '=', r.username)
    .where('disposition', '=', 'confirmed_violation')
    .where('status', '=', 'closed')
    .where('synthetic', '=', 0)
    .where('created_at', '<', r.created_at)
    .where('id', '!=', r.id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Stores both scores on the row (without bumping row_version: scoring is not an edit) and the factors beside it. */
export async function saveScores(
  db: Db,
  r: IncidentsTable,
  risk: number,
  priority: number,
  factors: Omit<IncidentScoresTable, 'incident_id' | 'tenant_id' | 'detector_facts'>,
): Promise<void> {
  await db
    .updateTable('incidents')
    .set({ risk_score: risk, priority_score: priority })
    .where('tenant_id', '=', r.tenant_id)
    .where('id', '=', r.id)
    .execute();
  await db
    .insertInto('incident_scores')
    .values({ incident_id: r.id, tenant_id: r.tenant_id, ...factors })
    .onConflict((oc) =>
      oc.column('incident_id').doUpdateSet({
        risk_model_version: factors.risk_model_version,
        risk_factors: factors.risk_factors,
        priority_factors: factors.priority_factors,
        scored_at: factors.scored_at,
      }),
    )
    .execute();
}

export async function scoresOf(db: Db, ids: readonly string[]): Promise<Map<string, IncidentScoresTable>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('incident_scores')
    .selectAll()
    .where('incident_id', 'in', [...ids])
    .execute();
  return new Map(rows.map((s) => [s.incident_id, s]));
}

/** Open incidents of the same rule or person whose priority a disposition of `r` moves, newest first. */
export async function openSiblings(db: Db, r: IncidentsTable, limit: number) {
  if (!r.policy_id && !r.username) return [];
  return db
    .selectFrom('incidents')
    .selectAll()
    .where('tenant_id', '=', r.tenant_id)
    .where('status', '!=', 'closed')
    .where('id', '!=', r.id)
    .where((eb) =>
      eb.or([
        ...(r.policy_id ? [eb('policy_id', '=', r.policy_id)] : []),
        ...(r.username ? [eb('username', '=', r.username)] : []),
      ]),
    )
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
