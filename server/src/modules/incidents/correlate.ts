import { type Action, actionStrength } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { NormalisedEvent } from '../../ports/normalised-event.js';
import type { PolicyForIncident, PolicyPort } from '../../ports/policy-port.js';
import { actionKind, correlationKey, MOVE_MS, WINDOW_MS } from './correlation-key.js';
import { type Pending, type Trx, writeIncidents } from './incident-writer.js';
import type { IncidentsTable } from './tables.js';
import { loadTestFolders, recordTestFolderOrigins, testFolderFor } from './test-folder-rule.js';
import type { Folder } from './test-folders.js';
import { timeOrderedId } from './time-ordered-id.js';
import './tables.js';

/** Statuses an event may still fold into (document 2: closed is terminal). */
export const OPEN_STATUSES = ['new', 'triaged', 'investigating', 'awaiting_user'] as const;
const SEVERITY_RANK: Record<string, number> = { info: 1, low: 2, medium: 3, high: 4, critical: 5 };

export interface CorrelationDevice {
  id: string;
  tenant_id: string;
  group_id: string | null;
  hostname: string;
}

function stronger(a: string, b: string): string {
  return actionStrength(a as Action) >= actionStrength(b as Action) ? a : b;
}

function within(a: string, b: string, ms: number): boolean {
  return Math.abs(Date.parse(a) - Date.parse(b)) <= ms;
}

export type PolicyInfo = ReadonlyMap<string, PolicyForIncident | undefined>;

/**
 * The open incidents with one of these correlation keys, in no order. No ORDER BY: with one,
 * SQLite walked every incident of the tenant through the (tenant_id, created_at) index instead
 * of probing (tenant_id, correlation_key, status) per key, so a batch's cost grew with the
 * tenant's history. The caller orders them (byCreation).
 */
export function openIncidentsQuery(db: Trx, tenantId: string, keys: string[]) {
  return db
    .selectFrom('incidents')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('correlation_key', 'in', keys)
    .where('status', 'in', [...OPEN_STATUSES]);
}

/** Oldest first, by creation then number: the last one per key or path is the newest. */
function byCreation(a: IncidentsTable, b: IncidentsTable): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.number - b.number;
}

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
    const pid = e.decided_by_policy_id ?? e.matched_policy_ids[0];
    if (pid) policyIds.add(pid);
    for (const s of e.superseded_policy_ids) policyIds.add(s);
  }
  const info = new Map<string, PolicyForIncident | undefined>();
  for (const pid of policyIds) info.set(pid, await policies.getPolicyForIncident(db, tenantId, pid));
  return info;
}

/**
 * Folds one device's accepted events into incidents (document 1 rule 8) inside the ingest
 * transaction and returns event id → incident id. Events are taken in occurrence order so a
 * batch behaves as if its events had arrived one by one.
 */
export async function correlateEvents(
  trx: Trx,
  policyInfo: PolicyInfo,
  device: CorrelationDevice,
  events: readonly NormalisedEvent[],
  now: Date,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (events.length === 0) return out;
  const tenantId = device.tenant_id;
  const ordered = [...events].sort(
    // Both are normalised (ISO-8601 UTC of fixed width, lower-case UUIDs): code-unit order is
    // their order, and far cheaper than a locale-aware comparison.
    (a, b) =>
      a.occurred_at < b.occurred_at
        ? -1
        : a.occurred_at > b.occurred_at
          ? 1
          : a.id < b.id
            ? -1
            : a.id > b.id
              ? 1
              : 0,
  );

  const pending = new Map<string, Pending>();
  // Document 2, Test-folder rule: new at-rest incidents under a test folder are created as tests.
  const testFolders = await loadTestFolders(trx, tenantId);
  const byTestFolder: { row: IncidentsTable; folder: Folder }[] = [];
  /** correlation key → newest open incident id (this batch's and the stored ones). */
  const byKey = new Map<string, string>();

  // Stored open incidents for the keys this batch can fold into.
  const keys = new Set<string>();
  for (const e of ordered) {
    const pid = e.decided_by_policy_id ?? e.matched_policy_ids[0];
    if (!pid || e.channel === 'file_delete') continue;
    const p = policyInfo.get(pid);
    if (p?.raise_every_match) continue;
    keys.add(correlationKey(e, pid, device.id, p?.is_test === true || e.test_policy_ids.includes(pid)));
  }
  const keyList = [...keys];
  const open: IncidentsTable[] = [];
  for (let i = 0; i < keyList.length; i += 500) {
    open.push(...(await openIncidentsQuery(trx, tenantId, keyList.slice(i, i + 500)).execute()));
  }
  open.sort(byCreation);
  for (const row of open) {
    // Ascending order: the last one written per key is the newest.
    pending.set(row.id, {
      row,
      isNew: false,
      touched: false,
      policies: new Map(),
      locations: new Map(),
      fullyLoaded: false,
      removedLoaded: false,
    });
    byKey.set(row.correlation_key as string, row.id);
  }

  // Path-gone events join the newest open incident on this endpoint with an event at that path.
  const gonePaths = [
    ...new Set(
      ordered.filter((e) => e.channel === 'file_delete' && e.file.path).map((e) => e.file.path as string),
    ),
  ];
  const storedAtPath = new Map<string, IncidentsTable>();
  const atPath: (IncidentsTable & { location_path: string })[] = [];
  for (let i = 0; i < gonePaths.length; i += 500) {
    // Ordered below, not in SQL, for the same reason as openIncidentsQuery.
    const rows = await trx
      .selectFrom('incident_locations as l')
      .innerJoin('incidents as i', 'i.id', 'l.incident_id')
      .selectAll('i')
      .select('l.path as location_path')
      .where('l.tenant_id', '=', tenantId)
      .where('l.device_id', '=', device.id)
      .where('l.path', 'in', gonePaths.slice(i, i + 500))
      .where('i.status', 'in', [...OPEN_STATUSES])
      .execute();
    atPath.push(...rows);
  }
  atPath.sort(byCreation);
  for (const r of atPath) {
    const { location_path, ...row } = r;
    storedAtPath.set(location_path, row);
  }

  /**
   * Locations are read only as far as a rule needs them: the removed ones of every stored
   * incident in the batch in one query (a reappearing file may complete a move), and all of an
   * incident's when a path vanishes or is renamed. Any other location is written by an upsert
   * that keeps what is stored (first sighting, a known hash, a later last sighting).
   */
  async function loadRemoved(): Promise<void> {
    const waiting = [...pending.values()].filter((x) => !x.isNew && !x.removedLoaded && !x.fullyLoaded);
    for (const x of waiting) x.removedLoaded = true;
    const ids = waiting.map((x) => x.row.id);
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await trx
        .selectFrom('incident_locations')
        .selectAll()
        .where('incident_id', 'in', ids.slice(i, i + 500))
        .where('state', '=', 'removed')
        .execute();
      for (const l of rows) {
        const owner = pending.get(l.incident_id);
        if (owner && !owner.locations.has(l.path)) owner.locations.set(l.path, l);
      }
    }
  }

  async function loadAll(p: Pending): Promise<void> {
    if (p.fullyLoaded || p.isNew) return;
    p.fullyLoaded = true;
    const rows = await trx
      .selectFrom('incident_locations')
      .selectAll()
      .where('incident_id', '=', p.row.id)
      .execute();
    for (const l of rows) if (!p.locations.has(l.path)) p.locations.set(l.path, l);
  }

  function newIncident(
    e: NormalisedEvent,
    pid: string,
    p: PolicyForIncident | undefined,
    key: string | null,
    test: boolean,
  ): Pending {
    const folder = test ? null : testFolderFor(testFolders, e.channel, e.file.path);
    const row: IncidentsTable = {
      id: timeOrderedId(now),
      tenant_id: tenantId,
      number: 0,
      reference: '',
      title: `${p?.name ?? 'Policy'}: ${e.channel} on ${e.hostname ?? device.hostname}`.slice(0, 300),
      severity: p?.severity ?? e.severity ?? 'medium',
      status: 'new',
      row_version: 1,
      correlation_key: key,
      action_kind: actionKind(e.channel),
      policy_id: pid,
      policy_name: p?.name ?? null,
      device_id: device.id,
      group_id: device.group_id,
      hostname: e.hostname ?? device.hostname,
      username: e.user_name ?? e.user_id,
      channel: e.channel,
      content_hash: e.file.blake3,
      file_path: e.file.path,
      file_name: e.file.name,
      file_size_bytes: e.file.size_bytes,
      policy_version: p?.published_version ?? e.policy_version,
      action: e.action,
      requested_action: e.requested_action,
      evaluated_offline: 0,
      superseded_policy_ids: '[]',
      synthetic: test || folder ? 1 : 0,
      synthetic_by: test ? 'test_policy' : folder ? 'test_folder' : null,
      event_count: 0,
      match_count: 0,
      risk_score: 0,
      priority_score: 0,
      assignee_id: null,
      assignee_email: null,
      disposition: null,
      resolution: null,
      response_met: null,
      resolution_met: null,
      first_seen_at: e.occurred_at,
      last_seen_at: e.occurred_at,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      closed_at: null,
    };
    const pend: Pending = {
      row,
      isNew: true,
      touched: true,
      policies: new Map(),
      locations: new Map(),
      fullyLoaded: true,
      removedLoaded: true,
    };
    pending.set(row.id, pend);
    if (folder) byTestFolder.push({ row, folder });
    return pend;
  }

  function fold(p: Pending, e: NormalisedEvent, pid: string | null): void {
    const r = p.row;
    p.touched = true;
    r.event_count += 1;
    r.match_count += e.match_count;
    if (e.occurred_at > r.last_seen_at) r.last_seen_at = e.occurred_at;
    if (e.occurred_at < r.first_seen_at) r.first_seen_at = e.occurred_at;
    if (e.evaluated_offline) r.evaluated_offline = 1;
    if (pid) {
      r.action = stronger(r.action, e.action);
      r.requested_action = stronger(r.requested_action, e.requested_action);
      const sev = policyInfo.get(pid)?.severity ?? e.severity;
      if (sev && (SEVERITY_RANK[sev] ?? 0) > (SEVERITY_RANK[r.severity] ?? 0)) r.severity = sev;
      const applied = p.policies.get(pid) ?? {
        name: policyInfo.get(pid)?.name ?? null,
        applied: 0,
        superseded: 0,
      };
      applied.applied += 1;
      p.policies.set(pid, applied);
    }
    if (e.superseded_policy_ids.length > 0) {
      const set = new Set<string>(JSON.parse(r.superseded_policy_ids) as string[]);
      for (const s of e.superseded_policy_ids) {
        set.add(s);
        const entry = p.policies.get(s) ?? {
          name: policyInfo.get(s)?.name ?? null,
          applied: 0,
          superseded: 0,
        };
        entry.superseded += 1;
        p.policies.set(s, entry);
      }
      r.superseded_policy_ids = JSON.stringify([...set].slice(0, 100));
    }
    if (!p.isNew) r.updated_at = now.toISOString();
    out.set(e.id, r.id);
  }

  function location(p: Pending, path: string, at: string, hash: string | null) {
    let l = p.locations.get(path);
    if (!l) {
      l = {
        id: timeOrderedId(now),
        tenant_id: tenantId,
        incident_id: p.row.id,
        device_id: device.id,
        path,
        content_hash: hash,
        state: 'current',
        first_seen_at: at,
        last_seen_at: at,
        moved_at: null,
        moved_to: null,
        departure: null,
        removed_at: null,
        isNew: true,
      };
      p.locations.set(path, l);
    }
    l.dirty = true;
    return l;
  }

  async function appeared(p: Pending, e: NormalisedEvent): Promise<void> {
    if (!e.file.path) return;
    if (e.file.from_path) await loadAll(p);
    else if (!p.removedLoaded) await loadRemoved();
    const at = e.occurred_at;
    if (e.file.from_path && e.file.from_path !== e.file.path) {
      const from = p.locations.get(e.file.from_path);
      if (from && from.state !== 'moved')
        Object.assign(from, {
          state: 'moved',
          moved_at: at,
          moved_to: e.file.path,
          departure: null,
          dirty: true,
        });
    }
    const l = location(p, e.file.path, at, e.file.blake3);
    if (at > l.last_seen_at) l.last_seen_at = at;
    if (e.file.blake3) l.content_hash = e.file.blake3;
    if (l.state === 'removed' && (l.removed_at ?? '') <= at)
      Object.assign(l, { state: 'current', departure: null, removed_at: null });
    // The source vanished first: same content gone from another path within 30 s is a move.
    if (!e.file.blake3) return;
    for (const other of p.locations.values()) {
      if (other.path === l.path || other.state !== 'removed' || other.content_hash !== e.file.blake3)
        continue;
      if (!(other.departure === 'deleted' || other.departure === 'moved_out')) continue;
      if (!other.removed_at || !within(other.removed_at, at, MOVE_MS)) continue;
      Object.assign(other, {
        state: 'moved',
        moved_at: other.removed_at,
        moved_to: l.path,
        departure: null,
        removed_at: null,
        dirty: true,
      });
    }
  }

  async function gone(p: Pending, e: NormalisedEvent): Promise<void> {
    const path = e.file.path as string;
    await loadAll(p);
    const at = e.occurred_at;
    const l = location(p, path, at, null);
    Object.assign(l, { state: 'removed', departure: e.file.departure ?? 'deleted', removed_at: at });
    if (at > l.last_seen_at) l.last_seen_at = at;
    if (!l.content_hash || !(l.departure === 'deleted' || l.departure === 'moved_out')) return;
    // The same content appeared at another path within 30 s: the file moved (equal hashes
    // alone never make a move: this path had to vanish too).
    for (const other of p.locations.values()) {
      if (other.path === path || other.state !== 'current' || other.content_hash !== l.content_hash) continue;
      if (!within(other.first_seen_at, at, MOVE_MS)) continue;
      Object.assign(l, {
        state: 'moved',
        moved_at: at,
        moved_to: other.path,
        departure: null,
        removed_at: null,
      });
      break;
    }
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
    const p: Pending = {
      row: stored,
      isNew: false,
      touched: false,
      policies: new Map(),
      locations: new Map(),
      fullyLoaded: false,
      removedLoaded: false,
    };
    pending.set(stored.id, p);
    return p;
  }

  for (const e of ordered) {
    const pid = e.decided_by_policy_id ?? e.matched_policy_ids[0] ?? null;
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
    const test = p?.is_test === true || e.test_policy_ids.includes(pid);
    if (p?.raise_every_match) {
      const inc = newIncident(e, pid, p, null, test);
      fold(inc, e, pid);
      await appeared(inc, e);
      continue;
    }
    const key = correlationKey(e, pid, device.id, test);
    const existingId = byKey.get(key);
    const existing = existingId ? pending.get(existingId) : undefined;
    const joins =
      existing !== undefined &&
      (actionKind(e.channel) === 'discovery' || within(existing.row.first_seen_at, e.occurred_at, WINDOW_MS));
    const inc = joins ? (existing as Pending) : newIncident(e, pid, p, key, test);
    if (!joins) byKey.set(key, inc.row.id);
    fold(inc, e, pid);
    if (e.channel === 'file_delete') {
      if (e.file.path) await gone(inc, e);
    } else await appeared(inc, e);
  }

  await writeIncidents(
    trx,
    tenantId,
    [...pending.values()].filter((p) => p.touched),
  );
  await recordTestFolderOrigins(trx, byTestFolder, now);
  return out;
}
