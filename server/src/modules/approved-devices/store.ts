import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ApprovedDevicesTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export type ApprovedDeviceRow = Pick<
  ApprovedDevicesTable,
  'id' | 'serial' | 'device_class' | 'label' | 'created_at'
>;

/** The serials of a tenant's approved devices (what a bundle's inventory conditions carry). */
export async function approvedSerials(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('approved_devices')
    .select('serial')
    .where('tenant_id', '=', tenantId)
    .execute();
  return rows.map((r) => r.serial);
}

/** A tenant's approved devices, by serial (case-insensitively). */
export function listApprovedDevices(db: Db, tenantId: string): Promise<ApprovedDeviceRow[]> {
  return db
    .selectFrom('approved_devices')
    .select(['id', 'serial', 'device_class', 'label', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('serial_key')
    .execute();
}

/** Approved device ids by lower-cased serial. */
export async function approvedIdsBySerialKey(db: Db, tenantId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('approved_devices')
    .select(['id', 'serial_key'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return new Map(rows.map((r) => [r.serial_key, r.id]));
}

export async function findApprovedBySerialKey(
  db: Db,
  tenantId: string,
  serialKey: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('approved_devices')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('serial_key', '=', serialKey)
    .executeTakeFirst();
  return row?.id;
}

export async function countApprovedDevices(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('approved_devices')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Sets the label, and the device class when given. */
export async function relabelApprovedDevice(
  db: Db,
  tenantId: string,
  id: string,
  change: { label: string | null; device_class?: string },
): Promise<void> {
  await db
    .updateTable('approved_devices')
    .set({
      label: change.label,
      ...(change.device_class !== undefined ? { device_class: change.device_class } : {}),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function insertApprovedDevice(db: Db, row: ApprovedDevicesTable): Promise<void> {
  await db.insertInto('approved_devices').values(row).execute();
}

/** True when a device was removed. */
export async function deleteApprovedDevice(db: Db, tenantId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('approved_devices')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
