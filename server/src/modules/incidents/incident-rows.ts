import type { NormalisedEvent } from '../../ports/normalised-event.js';
import type { PolicyForIncident } from '../../ports/policy-port.js';
import { actionKind } from './correlation-key.js';
import { type Pending, storedIndexed } from './incident-write-store.js';
import type { IncidentsTable } from './tables.js';
import { timeOrderedId } from './time-ordered-id.js';

/** The endpoint a batch came from, as correlation needs it. */
export interface CorrelationDevice {
  id: string;
  tenant_id: string;
  group_id: string | null;
  hostname: string;
}

/** One location as correlation holds it: `dirty` is written, `isNew` inserted. */
export type PendingLocation = Pending['locations'] extends Map<string, infer L> ? L : never;

/**
 * A new incident's row for the event that opens it; the writer gives it its number and
 * reference, and folding (correlation-rules.ts) fills the counters.
 */
export function newIncidentRow(
  e: NormalisedEvent,
  pid: string,
  p: PolicyForIncident | undefined,
  key: string | null,
  test: boolean,
  device: CorrelationDevice,
  now: Date,
): IncidentsTable {
  return {
    id: timeOrderedId(now),
    tenant_id: device.tenant_id,
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
    synthetic: test ? 1 : 0,
    synthetic_by: test ? 'test_policy' : null,
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
}

/** A batch's hold on an incident: new ones have nothing stored to load. */
export function pendingFor(row: IncidentsTable, isNew: boolean): Pending {
  return {
    row,
    isNew,
    stored: isNew ? null : storedIndexed(row),
    touched: isNew,
    policies: new Map(),
    locations: new Map(),
    fullyLoaded: isNew,
    removedLoaded: isNew,
  };
}

/** A location first seen now at `path` (current, not yet moved or removed). */
export function newLocationRow(
  p: Pending,
  deviceId: string,
  path: string,
  at: string,
  hash: string | null,
  now: Date,
): PendingLocation {
  return {
    id: timeOrderedId(now),
    tenant_id: p.row.tenant_id,
    incident_id: p.row.id,
    device_id: deviceId,
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
}
