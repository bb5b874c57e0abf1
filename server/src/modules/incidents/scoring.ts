import {
  assessPriority,
  BYPASS_WINDOW_MS,
  countBypassAttempts,
  DEPARTURE_WINDOW_MS,
  INCIDENT_RISK_MODEL_VERSION,
  type IncidentRiskFactor,
  type PriorityFactor,
  personKey,
} from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { BYPASS_RESULTS, bypassRecords, newestPayloads } from '../agent-events/public.js';
import {
  incidentsById,
  openSiblings,
  priorConfirmed,
  ruleRecord,
  saveScores,
  scoresOf,
} from './scores-store.js';
import type { IncidentsTable } from './tables.js';

/**
 * Priority and risk of incidents (docs/incidents.md, "Priority and risk"). Ingest scores every
 * incident it created or changed, after the batch's events are stored (batch-scoring.ts, with
 * the facts and reads here); a disposition change
 * recomputes the priority only (the stored risk score is never recomputed by a triage edit).
 */

type Db = Kysely<Database>;

/** How many of an incident's newest events scoring reads for its detector facts. */
const SCORING_EVENT_SCAN = 1_000;

/** The detectors each of the incident's newest events reported (the stored, allow-listed form). */
export async function detectorPayloads(db: Db, incidentId: string): Promise<string[]> {
  return (await newestPayloads(db, incidentId, SCORING_EVENT_SCAN)).map((r) => r.payload);
}

export interface DetectorFacts {
  validated: boolean;
  highConfidence: boolean;
  maxConfidence: number | null;
}

/** Validated matches and the highest confidence over the stored detector summaries. */
export function detectorFacts(payloads: readonly string[]): DetectorFacts {
  const lists: unknown[] = [];
  for (const text of payloads) {
    try {
      lists.push((JSON.parse(text) as { detectors?: unknown }).detectors);
    } catch {}
  }
  return detectorListFacts(lists);
}

/**
 * The same facts from the detector summaries themselves (each event's `detectors`, as stored in
 * its payload): ingest scores the events it has just normalised without parsing their payloads.
 */
export function detectorListFacts(lists: readonly unknown[]): DetectorFacts {
  const out: DetectorFacts = { validated: false, highConfidence: false, maxConfidence: null };
  for (const detectors of lists) {
    if (!Array.isArray(detectors)) continue;
    for (const d of detectors as Record<string, unknown>[]) {
      const validated = typeof d.validated_count === 'number' && d.validated_count > 0;
      const conf = typeof d.max_confidence === 'number' ? Math.min(100, Math.max(0, d.max_confidence)) : null;
      if (validated) out.validated = true;
      if (conf !== null) out.maxConfidence = Math.max(out.maxConfidence ?? 0, conf);
      if (validated && conf !== null && conf >= 85) out.highConfidence = true;
    }
  }
  return out;
}

/** A departure within 15 minutes of the first sighting at that path (document 1 rule 10). */
export function departedSoon(
  rows: readonly { first_seen_at: string; moved_at: string | null; removed_at: string | null }[],
): boolean {
  return rows.some((l) => {
    const gone = l.removed_at ?? l.moved_at;
    if (!gone) return false;
    const d = Date.parse(gone) - Date.parse(l.first_seen_at);
    return d >= 0 && d <= DEPARTURE_WINDOW_MS;
  });
}

/** Only egress has a destination; it reached the server as an incident, so it was not trusted. */
export const destinationUntrusted = (r: IncidentsTable): boolean | null =>
  r.action_kind === 'egress' ? true : null;

async function priorityOf(db: Db, r: IncidentsTable, risk: number, facts: DetectorFacts) {
  return assessPriority({
    risk_score: risk,
    max_confidence: facts.maxConfidence,
    validated: facts.validated,
    destination_untrusted: destinationUntrusted(r),
    prior_confirmed: await priorConfirmed(db, r),
    event_count: r.event_count,
    rule_record: r.policy_id ? await ruleRecord(db, r.tenant_id, r.policy_id) : null,
  });
}

/** How many rule-10 records of one person scoring reads at most (the count saturates at five). */
const BYPASS_SCAN = 200;

/**
 * Document 1 rule 10's `bypass_attempts`: the person's justified passes through a warning or a
 * justification prompt and refused bypass codes in the 30 days before the incident's last event,
 * from what their endpoints recorded (`person_prompt`); accepted codes are never counted.
 */
export async function bypassAttempts(db: Db, r: IncidentsTable): Promise<number> {
  const key = r.username ? personKey(r.username) : '';
  if (key === '') return 0;
  const at = new Date(r.last_seen_at);
  const rows = await bypassRecords(db, {
    tenantId: r.tenant_id,
    personKey: key,
    since: new Date(at.getTime() - BYPASS_WINDOW_MS).toISOString(),
    until: at.toISOString(),
    limit: BYPASS_SCAN,
  });
  const records = rows.flatMap((x) => {
    const kind = BYPASS_RESULTS[x.result];
    return kind ? [{ kind, person: x.user_name ?? '', at: x.occurred_at }] : [];
  });
  return countBypassAttempts(records, r.username as string, at);
}

/** Other open incidents of the rule or the person rescored after a disposition change, at most. */
export const SIBLING_RESCORE_LIMIT = 50;

/** The detector facts a stored priority already holds (its factor values), or null. */
function storedFacts(priorityFactors: string | undefined): DetectorFacts | null {
  if (!priorityFactors) return null;
  const f = JSON.parse(priorityFactors) as PriorityFactor[];
  const value = (n: string) => f.find((x) => x.name === n)?.value;
  const conf = value('detector_confidence');
  const validated = value('validator_passed');
  if (conf === undefined || validated === undefined) return null;
  return { validated: validated === 1, highConfidence: false, maxConfidence: conf > 0 ? conf * 100 : null };
}

async function rescoreOne(db: Db, r: IncidentsTable, now: Date): Promise<void> {
  const stored = (await scoresOf(db, [r.id])).get(r.id);
  const facts = storedFacts(stored?.priority_factors) ?? detectorFacts(await detectorPayloads(db, r.id));
  const priority = await priorityOf(db, r, r.risk_score, facts);
  await saveScores(db, r, r.risk_score, priority.score, {
    risk_model_version: stored?.risk_model_version ?? INCIDENT_RISK_MODEL_VERSION,
    risk_factors: stored?.risk_factors ?? '[]',
    priority_factors: JSON.stringify(priority.factors),
    scored_at: now.toISOString(),
  });
}

/**
 * A disposition changed: the priority follows, of this incident and of the newest open incidents
 * of the same rule or person (the rule's false-positive record and the person's confirmed
 * incidents moved). Stored risk scores and their model version stay.
 */
export async function rescorePriority(db: Db, tenantId: string, incidentId: string, now: Date) {
  const [r] = await incidentsById(db, tenantId, [incidentId]);
  if (!r) return;
  await rescoreOne(db, r, now);
  for (const o of await openSiblings(db, r, SIBLING_RESCORE_LIMIT)) await rescoreOne(db, o, now);
}

export interface ScoreView {
  priority_factors: PriorityFactor[];
  risk_factors: IncidentRiskFactor[];
  risk_model_version: string | null;
}

const UNSCORED = assessPriority({
  risk_score: 0,
  max_confidence: null,
  validated: false,
  destination_untrusted: null,
  prior_confirmed: 0,
  event_count: 1,
  rule_record: null,
}).factors;

/** What the list and the detail show of each incident's stored factors. */
export async function scoreViews(db: Db, ids: readonly string[]): Promise<Map<string, ScoreView>> {
  const stored = await scoresOf(db, ids);
  const out = new Map<string, ScoreView>();
  for (const id of ids) {
    const s = stored.get(id);
    out.set(id, {
      // Never scored (raised before scoring existed): every factor at zero, as its score is.
      priority_factors: s ? (JSON.parse(s.priority_factors) as PriorityFactor[]) : UNSCORED,
      risk_factors: s ? (JSON.parse(s.risk_factors) as IncidentRiskFactor[]) : [],
      risk_model_version: s?.risk_model_version ?? null,
    });
  }
  return out;
}
