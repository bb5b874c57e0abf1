import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { inListRead } from '../../db/in-list.js';
import { type RowStatement, runRows } from '../../db/row-statements.js';
import type { NormalisedEvent } from '../../ports/normalised-event.js';
import type { AgentEventsTable } from './tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

const storedIds = inListRead('agent_events.storedIds', (db, [deviceId]: [string], ids) =>
  db.selectFrom('agent_events').select('id').where('device_id', '=', deviceId).where('id', 'in', ids),
);

/** Which of these event ids this device has already stored. */
export async function storedEventIds(db: Db, deviceId: string, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (ids.length === 0) return out;
  for (const r of await storedIds(db, [deviceId], ids)) out.add(r.id);
  return out;
}

/** agent_events columns in the order the multi-row insert binds them (every column, once). */
export const EVENT_COLUMNS = [
  'id',
  'tenant_id',
  'device_id',
  'batch_id',
  'received_at',
  'occurred_at',
  'occurred_at_reported',
  'channel',
  'action',
  'requested_action',
  'severity',
  'decided_by_policy_id',
  'evaluated_offline',
  'policy_version',
  'user_name',
  'user_id',
  'hostname',
  'file_path',
  'file_name',
  'file_blake3',
  'file_size_bytes',
  'file_mark_zone',
  'file_mark_host',
  'file_mark_referrer_host',
  'match_count',
  'evidence_requested',
  'incident_id',
  'payload',
  'size_bytes',
] as const satisfies readonly (keyof AgentEventsTable)[];

// A column added to AgentEventsTable but not to EVENT_COLUMNS fails the build here.
type Missing = Exclude<keyof AgentEventsTable, (typeof EVENT_COLUMNS)[number]>;
const _everyColumn: [Missing] extends [never] ? true : Missing = true;
void _everyColumn;

export interface EventRowContext {
  tenantId: string;
  deviceId: string;
  batchId: string;
  receivedAt: string;
  incidentId: string | null;
}

/** One stored event's values, in EVENT_COLUMNS order. */
export function eventValues(e: NormalisedEvent, ctx: EventRowContext): unknown[] {
  return [
    e.id,
    ctx.tenantId,
    ctx.deviceId,
    ctx.batchId,
    ctx.receivedAt,
    e.occurred_at,
    e.occurred_at_reported,
    e.channel,
    e.action,
    e.requested_action,
    e.severity,
    e.decided_by_policy_id,
    e.evaluated_offline ? 1 : 0,
    e.policy_version,
    e.user_name,
    e.user_id,
    e.hostname,
    e.file.path,
    e.file.name,
    e.file.blake3,
    e.file.size_bytes,
    e.mark?.zone ?? null,
    e.mark?.host ?? null,
    e.mark?.referrer_host ?? null,
    e.match_count,
    e.evidence_requested ? 1 : 0,
    ctx.incidentId,
    e.payload,
    e.size_bytes,
  ];
}

/** Rows per multi-row insert: SQLite prepares and runs these faster than one very wide statement. */
const INSERT_EVENTS: RowStatement<AgentEventsTable> = {
  name: 'agent_events.insert',
  columns: EVENT_COLUMNS,
  max: 100,
  build: (db, rows) => db.insertInto('agent_events').values(rows),
};

/** Stores events given as eventValues() rows. */
export async function insertEvents(db: Db, rows: unknown[][]): Promise<void> {
  await runRows(db, INSERT_EVENTS, rows);
}
