import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { NormalisedEvent } from '../../ports/normalised-event.js';
import type { PolicyForIncident, PolicyPort } from '../../ports/policy-port.js';
import { applyAssignmentRules } from './assignment-rules-apply.js';
import { type ApprovalsCheck, batchBypassRecords, scoreBatch } from './batch-scoring.js';
import { actionKind, correlationKey, WINDOW_MS } from './correlation-key.js';
import { correlatingPolicy, foldEvent, isTestMatch, type PolicyInfo, within } from './correlation-rules.js';
import {
  incidentLocations,
  openIncidentsAtPaths,
  openIncidentsByKey,
  removedLocations,
} from './correlation-store.js';
import { attributeDepartments } from './department.js';
import { type CorrelationDevice, newIncidentRow, pendingFor } from './incident-rows.js';
import { type Pending, type Trx, writeIncidents } from './incident-write-store.js';
import { fileAppeared, fileGone } from './move-detection.js';
import { saveBatchScores } from './scores-batch-store.js';
import type { IncidentsTable } from './tables.js';
import { loadTestFolders, recordTestFolderOrigins, testFolderFor } from './test-folder-rule.js';
import type { Folder } from './test-folders.js';

/**
 * Correlation (document 1 rule 8): one device's accepted events folded into incidents inside the
 * ingest transaction. This file holds the batch: which stored incidents it reads, which incident
 * each event joins, and the write at the end. The parts live beside it: the reads in
 * correlation-store.ts, the folding rules in correlation-rules.ts, new rows in incident-rows.ts,
 * locations and moves in move-detection.ts.
 */
export { OPEN_STATUSES, openIncidentsQuery } from './correlation-store.js';
export type { CorrelationDevice, PolicyInfo };

/**
 * The policies a batch names, read from their published version through the policies module.
 * Called before the ingest transaction opens: on SQLite the transaction holds the one
 * connection, so a read through the outer handle inside it would wait for itself.
 */
export async function loadPolicyInfo(
  db: Kysely<Database>,
  policies: PolicyPort,
  tenantId: string,
  events: readonly NormalisedEvent[],
): Promise<PolicyInfo> {
  const policyIds = new Set<string>();
  for (const e of events) {
    const pid = correlatingPolicy(e);
    if (pid) policyIds.add(pid);
    for (const s of e.superseded_policy_ids) policyIds.add(s);
  }
  const info = new Map<string, PolicyForIncident | undefined>();
  for (const pid of policyIds) info.set(pid, await policies.getPolicyForIncident(db, tenantId, pid));
  return info;
}

/** Occurrence order, then id. Both are normalised (fixed-width ISO-8601 UTC, lower-case UUIDs):
 * code-unit order is their order, and far cheaper than a locale-aware comparison. */
export function byOccurrence(a: NormalisedEvent, b: NormalisedEvent): number {
  if (a.occurred_at !== b.occurred_at) return a.occurred_at < b.occurred_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The incident an event may fold into, as a key: its correlation key, or the event's own id when
 * it opens an incident of its own or joins one by path. Ingest slices a batch by how many
 * incidents it may touch (ingest/store-slice.ts); correlation itself does not use it.
 */
export function foldKeyOf(e: NormalisedEvent, policyInfo: PolicyInfo, deviceId: string): string {
  const pid = correlatingPolicy(e);
  if (!pid || e.channel === 'file_delete') return `event:${e.id}`;
  const p = policyInfo.get(pid);
  if (p?.raise_every_match) return `event:${e.id}`;
  return correlationKey(e, pid, deviceId, isTestMatch(e, pid, p));
}

/** What a batch's correlation did: each event's incident. */
export interface Correlated {
  incidentOf: Map<string, string>;
}

/**
 * Folds one device's accepted events into incidents (document 1 rule 8) inside the ingest
 * transaction, scoring each incident it creates or changes: event id → incident id. Events are
 * taken in occurrence order so a batch behaves as if its events had arrived one by one.
 */
export async function correlateEvents(
  trx: Trx,
  policyInfo: PolicyInfo,
  device: CorrelationDevice,
  events: readonly NormalisedEvent[],
  now: Date,
  approvals: ApprovalsCheck,
): Promise<Correlated> {
  const out = new Map<string, string>();
  if (events.length === 0) return { incidentOf: out };
  const tenantId = device.tenant_id;
  const ordered = [...events].sort(byOccurrence);

  const pending = new Map<string, Pending>();
  // Document 2, Test-folder rule: new at-rest incidents under a test folder are created as tests.
  const testFolders = await loadTestFolders(trx, tenantId);
  const byTestFolder: { row: IncidentsTable; folder: Folder }[] = [];
  /** correlation key → newest open incident id (this batch's and the stored ones). */
  const byKey = new Map<string, string>();

  // Stored open incidents for the keys this batch can fold into (each event's key built once).
  const keys = new Set<string>();
  const keyOf = new Map<NormalisedEvent, string>();
  for (const e of ordered) {
    const pid = correlatingPolicy(e);
    if (!pid) continue;
    const p = policyInfo.get(pid);
    if (p?.raise_every_match) continue;
    const key = correlationKey(e, pid, device.id, isTestMatch(e, pid, p));
    keyOf.set(e, key);
    // A deletion folds by key only after its path found no incident: its key is not read ahead.
    if (e.channel !== 'file_delete') keys.add(key);
  }
  for (const row of await openIncidentsByKey(trx, tenantId, [...keys])) {
    // Ascending order: the last one written per key is the newest.
    pending.set(row.id, pendingFor(row, false));
    byKey.set(row.correlation_key as string, row.id);
  }

  // Path-gone events join the newest open incident on this endpoint with an event at that path.
  const gonePaths = new Set<string>();
  for (const e of ordered) if (e.channel === 'file_delete' && e.file.path) gonePaths.add(e.file.path);
  const storedAtPath = await openIncidentsAtPaths(trx, tenantId, device.id, [...gonePaths]);

  /**
   * Locations are read only as far as a rule needs them: the removed ones of every stored
   * incident in the batch in one query (a reappearing file may complete a move), and all of an
   * incident's when a path vanishes or is renamed. Any other location is written by an upsert
   * that keeps what is stored (first sighting, a known hash, a later last sighting).
   */
  async function loadRemoved(): Promise<void> {
    const waiting = [...pending.values()].filter((x) => !x.isNew && !x.removedLoaded && !x.fullyLoaded);
    for (const x of waiting) x.removedLoaded = true;
    for (const l of await removedLocations(
      trx,
      waiting.map((x) => x.row.id),
    )) {
      const owner = pending.get(l.incident_id);
      if (owner && !owner.locations.has(l.path)) owner.locations.set(l.path, l);
    }
  }

  async function loadAll(p: Pending): Promise<void> {
    if (p.fullyLoaded || p.isNew) return;
    p.fullyLoaded = true;
    for (const l of await incidentLocations(trx, p.row.id))
      if (!p.locations.has(l.path)) p.locations.set(l.path, l);
  }

  async function appeared(p: Pending, e: NormalisedEvent): Promise<void> {
    if (!e.file.path) return;
    if (e.file.from_path) await loadAll(p);
    else if (!p.removedLoaded) await loadRemoved();
    fileAppeared(p, e, device.id, now);
  }

  async function gone(p: Pending, e: NormalisedEvent): Promise<void> {
    await loadAll(p);
    fileGone(p, e, device.id, now);
  }

  function fold(p: Pending, e: NormalisedEvent, pid: string | null): void {
    foldEvent(p, e, pid, policyInfo, now);
    out.set(e.id, p.row.id);
  }

  function opened(
    e: NormalisedEvent,
    pid: string,
    p: PolicyForIncident | undefined,
    key: string | null,
    test: boolean,
  ) {
    const row = newIncidentRow(e, pid, p, key, test, device, now);
    const folder = test ? null : testFolderFor(testFolders, e.channel, e.file.path);
    if (folder) {
      row.synthetic = 1;
      row.synthetic_by = 'test_folder';
      byTestFolder.push({ row, folder });
    }
    const pend = pendingFor(row, true);
    pend.reportedDepartment = e.department;
    pending.set(pend.row.id, pend);
    return pend;
  }

  /** Newest open incident of this batch or the store with a location at that path. */
  function incidentAtPath(path: string): Pending | undefined {
    let best: Pending | undefined;
    for (const p of pending.values()) {
      if (!p.locations.has(path) && !(p.isNew && p.row.file_path === path)) continue;
      if (
        !best ||
        p.row.created_at > best.row.created_at ||
        (p.row.created_at === best.row.created_at && p.isNew && !best.isNew)
      )
        best = p;
    }
    const stored = storedAtPath.get(path);
    // The newest of this batch's candidates and the stored one (compared by creation, then number).
    if (
      !stored ||
      (best && (best.isNew || best.row.created_at > stored.created_at || best.row.id === stored.id))
    )
      return best;
    const existing = pending.get(stored.id);
    if (existing) return existing;
    const p = pendingFor(stored, false);
    pending.set(stored.id, p);
    return p;
  }

  for (const e of ordered) {
    const pid = correlatingPolicy(e);
    if (e.channel === 'file_delete' && e.file.path) {
      const target = incidentAtPath(e.file.path);
      if (target) {
        fold(target, e, null);
        await gone(target, e);
        continue;
      }
    }
    if (!pid) continue;
    const p = policyInfo.get(pid);
    const test = isTestMatch(e, pid, p);
    if (p?.raise_every_match) {
      const inc = opened(e, pid, p, null, test);
      fold(inc, e, pid);
      await appeared(inc, e);
      continue;
    }
    const key = keyOf.get(e) as string;
    const existingId = byKey.get(key);
    const existing = existingId ? pending.get(existingId) : undefined;
    const joins =
      existing !== undefined &&
      (actionKind(e.channel) === 'discovery' || within(existing.row.first_seen_at, e.occurred_at, WINDOW_MS));
    const inc = joins ? (existing as Pending) : opened(e, pid, p, key, test);
    if (!joins) byKey.set(key, inc.row.id);
    fold(inc, e, pid);
    if (e.channel === 'file_delete') {
      if (e.file.path) await gone(inc, e);
    } else await appeared(inc, e);
  }

  const touched = [...pending.values()].filter((p) => p.touched);
  // Priority and risk (docs/incidents.md), scored before the write so they ride on its upsert.
  const detectors = new Map<string, NormalisedEvent['detectors'][]>();
  for (const e of ordered) {
    const id = out.get(e.id);
    if (id === undefined) continue;
    const list = detectors.get(id);
    if (list) list.push(e.detectors);
    else detectors.set(id, [e.detectors]);
  }
  const scores = await scoreBatch(
    trx,
    tenantId,
    touched.map((p) => ({ pending: p, detectors: detectors.get(p.row.id) ?? [] })),
    batchBypassRecords(ordered),
    now,
    approvals,
  );
  await writeIncidents(trx, tenantId, touched);
  await saveBatchScores(trx, scores);
  const fresh = touched.filter((p) => p.isNew);
  // Department first: an assignment rule may name one (docs/incidents.md, Department).
  const departments = await attributeDepartments(trx, tenantId, fresh);
  // Assignment rules run once, at creation (docs/incidents.md, Assignment rules).
  await applyAssignmentRules(
    trx,
    tenantId,
    fresh.map((p) => p.row),
    departments,
  );
  await recordTestFolderOrigins(trx, byTestFolder, now);
  return { incidentOf: out };
}
