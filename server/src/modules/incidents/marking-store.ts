import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { IncidentDetectorFeedbackTable } from './misc-tables.js';
import './misc-tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Sets the test marking if the row still has the version decided on; the new version or null. */
export async function setSyntheticIfVersion(
  db: Db,
  id: string,
  rowVersion: number,
  synthetic: boolean,
  by: string | null,
  now: Date,
): Promise<number | null> {
  const r = await db
    .updateTable('incidents')
    .set({
      synthetic: synthetic ? 1 : 0,
      synthetic_by: by,
      row_version: rowVersion + 1,
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('row_version', '=', rowVersion)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? rowVersion + 1 : null;
}

export async function findFeedback(db: Db, incidentId: string, detectorId: string, version: number) {
  return db
    .selectFrom('incident_detector_feedback')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .where('detector_id', '=', detectorId)
    .where('detector_version', '=', version)
    .executeTakeFirst();
}

/** One verdict per incident, detector and version: a new one replaces the stored one. */
export async function upsertFeedback(db: Db, row: IncidentDetectorFeedbackTable): Promise<void> {
  await db
    .insertInto('incident_detector_feedback')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['incident_id', 'detector_id', 'detector_version']).doUpdateSet({
        verdict: row.verdict,
        reason: row.reason,
        note: row.note,
        given_by: row.given_by,
        given_by_email: row.given_by_email,
        given_at: row.given_at,
      }),
    )
    .execute();
}

/** The detail's `detector_feedback`: every verdict on this incident, by detector then version. */
export async function detectorFeedbackOf(db: Db, incidentId: string) {
  const rows = await db
    .selectFrom('incident_detector_feedback')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .orderBy('detector_id')
    .orderBy('detector_version')
    .execute();
  return rows.map((r) => ({
    detector_id: r.detector_id,
    detector_version: r.detector_version,
    verdict: r.verdict,
    reason: r.reason,
    note: r.note,
    given_by_email: r.given_by_email,
    given_at: r.given_at,
  }));
}

/**
 * The detector's record in the tenant: verdicts given on real incidents (a test judges a
 * rehearsal, not the detector), per verdict.
 */
export async function detectorRecord(db: Db, tenantId: string, detectorId: string, version: number) {
  const rows = await db
    .selectFrom('incident_detector_feedback as f')
    .innerJoin('incidents as i', 'i.id', 'f.incident_id')
    .select(['f.verdict', sql<number>`count(*)`.as('n')])
    .where('f.tenant_id', '=', tenantId)
    .where('f.detector_id', '=', detectorId)
    .where('f.detector_version', '=', version)
    .where('i.synthetic', '=', 0)
    .groupBy('f.verdict')
    .execute();
  const n = (v: string) => Number(rows.find((r) => r.verdict === v)?.n ?? 0);
  return { false_positives: n('false_positive'), true_positives: n('true_positive') };
}
