import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { inListRead } from '../../db/in-list.js';
import { type RowStatement, runRows } from '../../db/row-statements.js';
import { FALSE_POSITIVE_DISPOSITIONS } from './policy-record-store.js';
import type { IncidentScoresTable } from './scores-tables.js';
import './scores-tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The reads and writes of ingest's batch scoring (batch-scoring.ts): each is one statement for
 * every incident of a batch (ids in chunks of 500, within both dialects' bound-parameter limits),
 * where scores-store.ts reads one incident at a time.
 */
const CHUNK = 500;

async function chunked<T, R>(items: readonly T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await read(items.slice(i, i + CHUNK))));
  return out;
}

const applied = inListRead('incident_policies.applied', (db, _: [], ids) =>
  db
    .selectFrom('incident_policies')
    .select(['incident_id', 'policy_id'])
    .where('incident_id', 'in', ids)
    .where('applied_events', '>', 0),
);

/** The policies that applied to each of these incidents so far (matchedPolicyCount of each). */
export async function appliedPolicies(db: Db, ids: readonly string[]) {
  return ids.length === 0 ? [] : applied(db, [], ids);
}

const departed = inListRead('incident_locations.departed', (db, _: [], ids) =>
  db
    .selectFrom('incident_locations')
    .select(['incident_id', 'path', 'first_seen_at', 'moved_at', 'removed_at'])
    .where('incident_id', 'in', ids)
    .where('departure', 'is not', null),
);

/** The stored locations that left view, of each of these incidents (departedLocations of each). */
export async function departedLocationsOf(db: Db, ids: readonly string[]) {
  return ids.length === 0 ? [] : departed(db, [], ids);
}

/** Policy id → its closed real incidents and false positives (ruleRecord of each). */
export async function ruleRecords(db: Db, tenantId: string, policyIds: readonly string[]) {
  const rows = await chunked(policyIds, (part) =>
    db
      .selectFrom('incidents')
      .select((eb) => [
        'policy_id',
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
      .where('policy_id', 'in', part)
      .where('status', '=', 'closed')
      .where('synthetic', '=', 0)
      .groupBy('policy_id')
      .execute(),
  );
  return new Map(
    rows.map((r) => [
      r.policy_id as string,
      { closed: Number(r.closed), false_positives: Number(r.fp ?? 0) },
    ]),
  );
}

/** These people's closed, confirmed, real incidents (priorConfirmed counts them per incident). */
export async function confirmedOfPeople(db: Db, tenantId: string, usernames: readonly string[]) {
  return chunked(usernames, (part) =>
    db
      .selectFrom('incidents')
      .select(['id', 'username', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('username', 'in', part)
      .where('disposition', '=', 'confirmed_violation')
      .where('status', '=', 'closed')
      .where('synthetic', '=', 0)
      .execute(),
  );
}

const kept = inListRead('incident_scores.detectorFacts', (db, _: [], ids) =>
  db.selectFrom('incident_scores').select(['incident_id', 'detector_facts']).where('incident_id', 'in', ids),
);

/** Incident id → the detector facts kept with its scores (null: scored before they were kept). */
export async function keptDetectorFacts(db: Db, ids: readonly string[]): Promise<Map<string, string | null>> {
  const rows = ids.length === 0 ? [] : await kept(db, [], ids);
  return new Map(rows.map((r) => [r.incident_id, r.detector_facts]));
}

const SCORE_COLUMNS = [
  'incident_id',
  'tenant_id',
  'risk_model_version',
  'risk_factors',
  'priority_factors',
  'scored_at',
  'detector_facts',
] as const satisfies readonly (keyof IncidentScoresTable)[];

const UPSERT_SCORES: RowStatement<IncidentScoresTable> = {
  name: 'incident_scores.upsert',
  columns: SCORE_COLUMNS,
  max: 128,
  build: (db, rows) =>
    db
      .insertInto('incident_scores')
      .values(rows)
      .onConflict((oc) =>
        oc
          .column('incident_id')
          .doUpdateSet((eb) =>
            Object.fromEntries(SCORE_COLUMNS.slice(2).map((c) => [c, eb.ref(`excluded.${c}`)])),
          ),
      ),
};

/**
 * Stores the batch's score factors by one multi-row upsert (the scores themselves ride on the
 * incident rows' upsert, incident-write-store.ts).
 */
export async function saveBatchScores(db: Db, scores: readonly IncidentScoresTable[]): Promise<void> {
  await runRows(
    db,
    UPSERT_SCORES,
    scores.map((s) => SCORE_COLUMNS.map((c) => s[c])),
  );
}
