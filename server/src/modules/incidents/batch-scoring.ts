import {
  assessIncidentRisk,
  assessPriority,
  BYPASS_WINDOW_MS,
  type BypassRecord,
  countBypassAttempts,
  personKey,
} from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { BYPASS_RESULTS, bypassRecordsOfPeople } from '../agent-events/public.js';
import {
  type BatchScore,
  confirmedOfPeople,
  departedLocationsOf,
  matchedPolicyCounts,
  ruleRecords,
  saveBatchScores,
  storedScores,
} from './scores-batch-store.js';
import {
  bypassAttempts,
  type DetectorFacts,
  departedSoon,
  destinationUntrusted,
  detectorFacts,
  detectorPayloads,
} from './scoring.js';
import type { IncidentsTable } from './tables.js';

/**
 * Ingest's scoring of a batch's incidents (docs/incidents.md, Priority and risk): the same
 * factors as one incident at a time, read for the whole batch with one statement each (policies
 * applied, departed locations, the people's bypass records and confirmed incidents, the rules'
 * records, held approvals) and written with two. A 500-event batch that touches 400 incidents
 * cost about 4,000 statements scored one by one.
 */

type Db = Kysely<Database>;

/**
 * exception-requests' approvedExceptionsInForce, passed in by ingest (importing it here would
 * close a module cycle through policies): of these `{fileHash, at}` of one device, the indexes
 * with an approval in force.
 */
export type ApprovalsCheck = (
  db: Db,
  tenantId: string,
  deviceId: string,
  asked: readonly { fileHash: string; at: Date }[],
) => Promise<Set<number>>;

/** One incident the batch created or changed, as written, and its events' stored payloads. */
export interface BatchIncident {
  row: IncidentsTable;
  isNew: boolean;
  payloads: readonly string[];
}

/** Bypass records read for a batch at most; past it, each incident reads its own (bypassAttempts). */
const BATCH_BYPASS_SCAN = 5_000;

function mergeFacts(a: DetectorFacts, b: DetectorFacts): DetectorFacts {
  return {
    validated: a.validated || b.validated,
    highConfidence: a.highConfidence || b.highConfidence,
    maxConfidence:
      a.maxConfidence === null ? b.maxConfidence : Math.max(a.maxConfidence, b.maxConfidence ?? 0),
  };
}

function keptFacts(text: string): DetectorFacts {
  const f = JSON.parse(text) as {
    validated: boolean;
    high_confidence: boolean;
    max_confidence: number | null;
  };
  return { validated: f.validated, highConfidence: f.high_confidence, maxConfidence: f.max_confidence };
}

function factsText(f: DetectorFacts): string {
  return JSON.stringify({
    validated: f.validated,
    high_confidence: f.highConfidence,
    max_confidence: f.maxConfidence,
  });
}

/**
 * The detector facts of each incident: a new one's are its events'; a scored one's are the kept
 * summary merged with the batch's events; one scored before the summary existed reads its newest
 * events once (they include the batch's, already stored).
 */
async function factsOf(db: Db, items: readonly BatchIncident[]): Promise<Map<string, DetectorFacts>> {
  const kept = await storedScores(
    db,
    items.filter((x) => !x.isNew).map((x) => x.row.id),
  );
  const out = new Map<string, DetectorFacts>();
  for (const x of items) {
    const own = kept.get(x.row.id)?.detector_facts;
    if (x.isNew) out.set(x.row.id, detectorFacts(x.payloads));
    else if (own) out.set(x.row.id, mergeFacts(keptFacts(own), detectorFacts(x.payloads)));
    else out.set(x.row.id, detectorFacts(await detectorPayloads(db, x.row.id)));
  }
  return out;
}

/** Incident id → its person's counted bypass attempts (bypassAttempts of each, one read). */
async function bypassCounts(db: Db, tenantId: string, rows: readonly IncidentsTable[]) {
  const out = new Map<string, number>();
  const people = rows.filter((r) => r.username && personKey(r.username) !== '');
  if (people.length === 0) return out;
  const times = people.map((r) => Date.parse(r.last_seen_at));
  const records = await bypassRecordsOfPeople(db, {
    tenantId,
    personKeys: [...new Set(people.map((r) => personKey(r.username as string)))],
    since: new Date(Math.min(...times) - BYPASS_WINDOW_MS).toISOString(),
    until: new Date(Math.max(...times)).toISOString(),
    limit: BATCH_BYPASS_SCAN,
  });
  if (records.length >= BATCH_BYPASS_SCAN) {
    for (const r of people) out.set(r.id, await bypassAttempts(db, r));
    return out;
  }
  const byPerson = new Map<string, BypassRecord[]>();
  for (const x of records) {
    const kind = BYPASS_RESULTS[x.result];
    if (!kind) continue;
    const key = personKey(x.user_name ?? '');
    const list = byPerson.get(key) ?? [];
    list.push({ kind, person: x.user_name ?? '', at: x.occurred_at });
    byPerson.set(key, list);
  }
  for (const r of people) {
    const mine = byPerson.get(personKey(r.username as string)) ?? [];
    out.set(r.id, countBypassAttempts(mine, r.username as string, new Date(r.last_seen_at)));
  }
  return out;
}

/** Incident id → whether an approval of its device and content is in force at its last event. */
async function approvedOf(
  db: Db,
  tenantId: string,
  rows: readonly IncidentsTable[],
  approvals: ApprovalsCheck,
) {
  const out = new Set<string>();
  const byDevice = new Map<string, IncidentsTable[]>();
  for (const r of rows) {
    if (!r.content_hash) continue;
    const list = byDevice.get(r.device_id) ?? [];
    list.push(r);
    byDevice.set(r.device_id, list);
  }
  for (const [deviceId, list] of byDevice) {
    const asked = list.map((r) => ({ fileHash: r.content_hash as string, at: new Date(r.last_seen_at) }));
    for (const i of await approvals(db, tenantId, deviceId, asked)) out.add((list[i] as IncidentsTable).id);
  }
  return out;
}

/** Incident id → the person's earlier closed confirmed incidents (priorConfirmed of each). */
async function priorConfirmedCounts(db: Db, tenantId: string, rows: readonly IncidentsTable[]) {
  const names = [...new Set(rows.flatMap((r) => (r.username ? [r.username] : [])))];
  const confirmed = names.length ? await confirmedOfPeople(db, tenantId, names) : [];
  const out = new Map<string, number>();
  if (confirmed.length === 0) return out;
  for (const r of rows)
    out.set(
      r.id,
      confirmed.filter((c) => c.username === r.username && c.created_at < r.created_at && c.id !== r.id)
        .length,
    );
  return out;
}

/** Scores every incident a batch created or changed, after its events are stored. */
export async function scoreBatch(
  db: Db,
  tenantId: string,
  items: readonly BatchIncident[],
  now: Date,
  approvals: ApprovalsCheck,
): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map((x) => x.row);
  const ids = rows.map((r) => r.id);
  const facts = await factsOf(db, items);
  const matched = await matchedPolicyCounts(db, ids);
  const departed = new Map<
    string,
    { first_seen_at: string; moved_at: string | null; removed_at: string | null }[]
  >();
  for (const l of await departedLocationsOf(db, ids)) {
    const list = departed.get(l.incident_id) ?? [];
    list.push(l);
    departed.set(l.incident_id, list);
  }
  const bypass = await bypassCounts(db, tenantId, rows);
  const approved = await approvedOf(db, tenantId, rows, approvals);
  const prior = await priorConfirmedCounts(db, tenantId, rows);
  const policyIds = [...new Set(rows.flatMap((r) => (r.policy_id ? [r.policy_id] : [])))];
  const records = await ruleRecords(db, tenantId, policyIds);

  const scores: BatchScore[] = rows.map((r) => {
    const f = facts.get(r.id) as DetectorFacts;
    const risk = assessIncidentRisk({
      severity: r.severity,
      match_count: r.match_count,
      validated: f.validated,
      high_confidence: f.highConfidence,
      matched_policies: matched.get(r.id) ?? 0,
      destination_untrusted: destinationUntrusted(r),
      bypass_attempts: bypass.get(r.id) ?? 0,
      departure_soon_after_detection: departedSoon(departed.get(r.id) ?? []),
      approved_exception: approved.has(r.id),
    });
    const priority = assessPriority({
      risk_score: risk.score,
      max_confidence: f.maxConfidence,
      validated: f.validated,
      destination_untrusted: destinationUntrusted(r),
      prior_confirmed: r.username ? (prior.get(r.id) ?? 0) : 0,
      event_count: r.event_count,
      rule_record: r.policy_id ? (records.get(r.policy_id) ?? { closed: 0, false_positives: 0 }) : null,
    });
    return {
      risk: risk.score,
      priority: priority.score,
      factors: {
        incident_id: r.id,
        tenant_id: r.tenant_id,
        risk_model_version: risk.model_version,
        risk_factors: JSON.stringify(risk.factors),
        priority_factors: JSON.stringify(priority.factors),
        scored_at: now.toISOString(),
        detector_facts: factsText(f),
      },
    };
  });
  await saveBatchScores(db, scores);
}
