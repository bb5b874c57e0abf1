import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * SQL of the agent interface: the device's own row as the agent reports on it, its commands,
 * and spent nonces. (`devices` belongs to agents; these writes move behind agents' public.ts
 * with the table-ownership change, docs/architecture.md.)
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The one lookup by device id alone: a signed request names its device before anything else. */
export async function findDeviceById(db: Db, deviceId: string) {
  return db.selectFrom('devices').selectAll().where('id', '=', deviceId).executeTakeFirst();
}

/** What a check-in reports: health, capabilities, versions, last seen (and the OS when it changed). */
export async function recordCheckIn(
  db: Db,
  tenantId: string,
  deviceId: string,
  report: Updateable<Database['devices']>,
): Promise<void> {
  await db
    .updateTable('devices')
    .set(report)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', deviceId)
    .execute();
}

/** Collects and marks the device's uncollected commands in one statement (no command twice). */
export async function collectCommands(db: Db, tenantId: string, deviceId: string, now: Date) {
  return db
    .updateTable('agent_commands')
    .set({ collected_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('device_id', '=', deviceId)
    .where('collected_at', 'is', null)
    .returning(['id', 'kind', 'payload', 'created_at'])
    .execute();
}

/** Marks an active device uninstalled; false when it was not active. */
export async function markUninstalled(
  db: Db,
  tenantId: string,
  deviceId: string,
  health: string,
  now: Date,
): Promise<boolean> {
  const done = await db
    .updateTable('devices')
    .set({ status: 'uninstalled', health, last_seen_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', deviceId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

export async function recordCertificate(
  db: Db,
  tenantId: string,
  deviceId: string,
  cert: { serial: string; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable('devices')
    .set({ certificate_serial: cert.serial, certificate_expires_at: cert.expiresAt.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', deviceId)
    .execute();
}

/** Records a nonce as spent until `expiresAt`; false when it already was. */
export async function spendNonce(db: Db, deviceId: string, nonce: string, expiresAt: Date): Promise<boolean> {
  const result = await db
    .insertInto('agent_nonces')
    .values({ device_id: deviceId, nonce, expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.columns(['device_id', 'nonce']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) !== 0;
}

export async function purgeExpiredNonces(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('agent_nonces').where('expires_at', '<', now.toISOString()).execute();
}
