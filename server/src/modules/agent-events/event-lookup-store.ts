import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What the evidence module needs of one stored event (document 2, evidence upload). */
export interface EvidenceEvent {
  id: string;
  device_id: string;
  tenant_id: string;
  file_blake3: string | null;
  file_name: string | null;
  evidence_requested: number;
  incident_id: string | null;
}

/** One event of one device, or undefined (another device's event is not found either). */
export function findDeviceEvent(
  db: Db,
  deviceId: string,
  eventId: string,
): Promise<EvidenceEvent | undefined> {
  return db
    .selectFrom('agent_events')
    .select(['id', 'device_id', 'tenant_id', 'file_blake3', 'file_name', 'evidence_requested', 'incident_id'])
    .where('device_id', '=', deviceId)
    .where('id', '=', eventId.toLowerCase())
    .executeTakeFirst();
}
