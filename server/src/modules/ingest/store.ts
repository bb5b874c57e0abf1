import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { NormalisedEvent } from './normalise-event.js';
import type { AgentEventsTable } from './tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function findBatch(db: Db, deviceId: string, batchId: string): Promise<string | undefined> {
  const r = await db
    .selectFrom('ingest_batches')
    .select('response')
    .where('device_id', '=', deviceId)
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
  return r?.response;
}

/** Which of these event ids this device has already stored. */
export async function storedEventIds(db: Db, deviceId: string, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('agent_events')
      .select('id')
      .where('device_id', '=', deviceId)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.add(r.id);
  }
  return out;
}

export function eventRow(
  e: NormalisedEvent,
  ctx: { tenantId: string; deviceId: string; batchId: string; receivedAt: string; incidentId: string | null },
): AgentEventsTable {
  return {
    id: e.id,
    tenant_id: ctx.tenantId,
    device_id: ctx.deviceId,
    batch_id: ctx.batchId,
    received_at: ctx.receivedAt,
    occurred_at: e.occurred_at,
    occurred_at_reported: e.occurred_at_reported,
    channel: e.channel,
    action: e.action,
    requested_action: e.requested_action,
    severity: e.severity,
    decided_by_policy_id: e.decided_by_policy_id,
    evaluated_offline: e.evaluated_offline ? 1 : 0,
    policy_version: e.policy_version,
    user_name: e.user_name,
    user_id: e.user_id,
    hostname: e.hostname,
    file_path: e.file.path,
    file_name: e.file.name,
    file_blake3: e.file.blake3,
    file_size_bytes: e.file.size_bytes,
    file_mark_zone: e.mark?.zone ?? null,
    file_mark_host: e.mark?.host ?? null,
    file_mark_referrer_host: e.mark?.referrer_host ?? null,
    match_count: e.match_count,
    evidence_requested: e.evidence_requested ? 1 : 0,
    incident_id: ctx.incidentId,
    payload: e.payload,
    size_bytes: e.size_bytes,
  };
}

/** Rows per multi-row insert: SQLite prepares and runs these faster than one very wide statement. */
const INSERT_CHUNK = 100;

export async function insertEvents(db: Db, rows: AgentEventsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('agent_events')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}
