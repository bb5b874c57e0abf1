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
import type { NormalisedEvent } from '../../ports/normalised-event.js';
import { BYPASS_RESULTS, bypassRecordsOfPeople } from '../agent-events/public.js';
import { priorityFactorsJson, riskFactorsJson } from './factors-json.js';
import type { Pending } from './incident-write-store.js';
import {
  appliedPolicies,
  confirmedOfPeople,
  departedLocationsOf,
  keptDetectorFacts,
  ruleRecords,
} from './scores-batch-store.js';
import type { IncidentScoresTable } from './scores-tables.js';
import {
  bypassAttempts,
  type DetectorFacts,
  departedSoon,
  destinationUntrusted,
  detectorFacts,
  detectorListFacts,
  detectorPayloads,
} from './scoring.js';
import type { IncidentsTable } from './tables.js';

/**
 * Ingest's scoring of a batch's incidents (docs/incidents.md, Priority and risk): the same
 * factors as one incident at a time, read for the whole batch with one statement each (policies
 * applied, departed locations, the people's bypass records and confirmed incidents, the rules'
 * records, held approvals) before the batch is written, and merged with what the batch brings
 * (its folds, locations, answers and detector summaries). The scores then ride on the incident
 * rows' own upsert. A 500-event batch touching 400 incidents cost about 4,000 statements scored
 * one by one after the writes.
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

/** One incident the batch created or changed, as it will be written, and its events' detectors. */
export interface BatchIncident {
  pending: Pending;
  /** The `detectors` of each of the batch's events in this incident (NormalisedEvent). */
  detectors: readonly (readonly Readonly<Record<string, unknown>>[])[];
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
  const kept = await keptDetectorFacts(
    db,
    items.filter((x) => !x.pending.isNew).map((x) => x.pending.row.id),
  );
  const out = new Map<string, DetectorFacts>();
  for (const { pending: p, detectors } of items) {
    const batch = detectorListFacts(detectors);
    const own = kept.get(p.row.id);
    if (p.isNew) out.set(p.row.id, batch);
    else if (own) out.set(p.row.id, mergeFacts(keptFacts(own), batch));
    else out.set(p.row.id, mergeFacts(detectorFacts(await detectorPayloads(db, p.row.id)), batch));
  }
  return out;
}

/** Rule 10's records the batch's own events bring (bypassRecords' conditions, in memory). */
export function batchBypassRecords(events: readonly NormalisedEvent[]): BypassRecord[] {
  const out: BypassRecord[] = [];
  for (const e of events) {
    const kind = e.person_prompt ? BYPASS_RESULTS[e.person_prompt.result] : undefined;
    if (kind && !e.person_prompt?.covered_by_burst)
      out.push({ kind, person: e.user_name ?? '', at: e.occurred_at });
  }
  return out;
}

/** Incident id → how many policies applied to it: the stored ones and the batch's folds. */
async function matchedCounts(db: Db, items: readonly BatchIncident[]): Promise<Map<string, number>> {
  const applied = new Map<string, Set<string>>();
  for (const { pending: p } of items)
    applied.set(p.row.id, new Set([...p.policies].filter(([, v]) => v.applied > 0).map(([pid]) => pid)));
  const stored = items.filter((x) => !x.pending.isNew).map((x) => x.pending.row.id);
  for (const r of await appliedPolicies(db, stored)) applied.get(r.incident_id)?.add(r.policy_id);
  return new Map([...applied].map(([id, set]) => [id, set.size]));
}

type Departed = { first_seen_at: string; moved_at: string | null; removed_at: string | null };

/**
 * Incident id → its locations that left view as they will be stored: the batch's own (new, or
 * read and changed: a departure is only ever set on a location the batch read) over the stored.
 */
async function departedOf(db: Db, items: readonly BatchIncident[]): Promise<Map<string, Departed[]>> {
  const out = new Map<string, Departed[]>();
  const byId = new Map(items.map((x) => [x.pending.row.id, x.pending]));
  for (const { pending: p } of items)
    out.set(
      p.row.id,
      [...p.locations.values()].filter((l) => l.departure !== null),
    );
  const stored = items.filter((x) => !x.pending.isNew).map((x) => x.pending.row.id);
  for (const l of await departedLocationsOf(db, stored)) {
    if (byId.get(l.incident_id)?.locations.has(l.path)) continue;
    out.get(l.incident_id)?.push(l);
  }
  return out;
}

/** Incident id → its person's counted bypass attempts (bypassAttempts of each, one read). */
async function bypassCounts(
  db: Db,
  tenantId: string,
  rows: readonly IncidentsTable[],
  batchRecords: readonly BypassRecord[],
) {
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
  const byPerson = new Map<string, BypassRecord[]>();
  const add = (x: BypassRecord) => {
    const key = personKey(x.person);
    const list = byPerson.get(key);
    if (list) list.push(x);
    else byPerson.set(key, [x]);
  };
  for (const x of batchRecords) add(x);
  if (records.length >= BATCH_BYPASS_SCAN) {
    // Past the batch read: each incident reads its own newest records, plus the batch's.
    for (const r of people) {
      const mine = byPerson.get(personKey(r.username as string)) ?? [];
      const at = new Date(r.last_seen_at);
      out.set(r.id, (await bypassAttempts(db, r)) + countBypassAttempts(mine, r.username as string, at));
    }
    return out;
  }
  for (const x of records) {
    const kind = BYPASS_RESULTS[x.result];
    if (kind) add({ kind, person: x.user_name ?? '', at: x.occurred_at });
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

/**
 * Scores every incident a batch created or changes, before the batch is written: sets each
 * row's `risk_score` and `priority_score` (written by the incident upsert) and answers the factor
 * records for `incident_scores`.
 */
export async function scoreBatch(
  db: Db,
  tenantId: string,
  items: readonly BatchIncident[],
  batchRecords: readonly BypassRecord[],
  now: Date,
  approvals: ApprovalsCheck,
): Promise<IncidentScoresTable[]> {
  if (items.length === 0) return [];
  const rows = items.map((x) => x.pending.row);
  const facts = await factsOf(db, items);
  const matched = await matchedCounts(db, items);
  const departed = await departedOf(db, items);
  const bypass = await bypassCounts(db, tenantId, rows, batchRecords);
  const approved = await approvedOf(db, tenantId, rows, approvals);
  const prior = await priorConfirmedCounts(db, tenantId, rows);
  const policyIds = [...new Set(rows.flatMap((r) => (r.policy_id ? [r.policy_id] : [])))];
  const records = await ruleRecords(db, tenantId, policyIds);
  const scored_at = now.toISOString();

  return rows.map((r) => {
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
    r.risk_score = risk.score;
    r.priority_score = priority.score;
    return {
      incident_id: r.id,
      tenant_id: r.tenant_id,
      risk_model_version: risk.model_version,
      risk_factors: riskFactorsJson(risk.factors),
      priority_factors: priorityFactorsJson(priority.factors),
      scored_at,
      detector_facts: factsText(f),
    };
  });
}
