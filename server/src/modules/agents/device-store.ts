import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AgentCommandsTable, DevicesTable } from './tables.js';
import './tables.js';
import { firstRow, prepared } from '../../db/prepared.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Every write to `devices` and `agent_commands` from other modules (agents owns the tables;
 * docs/architecture.md, "Table owners"): enrolment adds a device, the agent interface looks a
 * signed request's device up, records check-ins, uninstalls and renewed certificates and collects
 * queued commands, ingest counts stored events and the quota episode, incidents queues a
 * question's command and reads whether the device is active. Callers pass their transaction when
 * the write belongs to one.
 */

/** Queues a command for the device's next check-in (`collectCommands` hands it over once). */
export async function queueCommand(db: Db, row: Omit<AgentCommandsTable, 'collected_at'>): Promise<void> {
  await db
    .insertInto('agent_commands')
    .values({ ...row, collected_at: null })
    .execute();
}

/** The device's status (`active`, `revoked`, …); null when the tenant has no such device. */
export async function deviceStatus(
  db: Db,
  tenantId: string,
  deviceId: string,
): Promise<DevicesTable['status'] | null> {
  const d = await db
    .selectFrom('devices')
    .select(['status'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', deviceId)
    .executeTakeFirst();
  return d?.status ?? null;
}

const deviceById = prepared('agents.deviceById', (db: Db, deviceId: string) =>
  db.selectFrom('devices').selectAll().where('id', '=', deviceId),
);

/** The device a signed request names (any tenant: the signature decides). */
export async function findDeviceForRequest(db: Db, deviceId: string): Promise<DevicesTable | undefined> {
  return firstRow(await deviceById(db, deviceId));
}

/**
 * Collects and marks the device's queued commands in one statement, so two concurrent
 * check-ins never both receive a command.
 */
export async function collectCommands(db: Db, device: DevicesTable, now: Date) {
  return (await collect(db, device.tenant_id, device.id, now.toISOString())).rows;
}

const collect = prepared('agents.collectCommands', (db: Db, tenantId: string, deviceId: string, at: string) =>
  db
    .updateTable('agent_commands')
    .set({ collected_at: at })
    .where('tenant_id', '=', tenantId)
    .where('device_id', '=', deviceId)
    .where('collected_at', 'is', null)
    .returning(['id', 'kind', 'payload', 'created_at']),
);

/** Whether the device has a command not yet collected (a read: the check-in beside ingest). */
export async function hasQueuedCommands(db: Db, device: DevicesTable): Promise<boolean> {
  return (await queued(db, device.tenant_id, device.id)).rows.length > 0;
}

const queued = prepared('agents.hasQueuedCommands', (db: Db, tenantId: string, deviceId: string) =>
  db
    .selectFrom('agent_commands')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('device_id', '=', deviceId)
    .where('collected_at', 'is', null)
    .limit(1),
);

export async function insertDevice(db: Db, row: DevicesTable): Promise<void> {
  await db.insertInto('devices').values(row).execute();
}

/** What a check-in reports (the OS only when it changed and is acceptable). */
export interface CheckinReport {
  health: string;
  capabilities: string;
  bundle_version: number;
  policy_trust_version: number;
  last_seen_at: string;
  os_version: string;
  agent_version: string;
  os?: string;
}

export async function recordCheckin(db: Db, device: DevicesTable, r: CheckinReport): Promise<void> {
  const common = [
    r.health,
    r.capabilities,
    r.bundle_version,
    r.policy_trust_version,
    r.last_seen_at,
    r.os_version,
    r.agent_version,
  ] as const;
  if (r.os === undefined) await checkinRow(db, ...common, device.tenant_id, device.id);
  else await checkinRowWithOs(db, ...common, r.os, device.tenant_id, device.id);
}

type CheckinValues = [string, string, number, number, string, string, string];
const checkinSet = (v: CheckinValues) => ({
  health: v[0],
  capabilities: v[1],
  bundle_version: v[2],
  policy_trust_version: v[3],
  last_seen_at: v[4],
  os_version: v[5],
  agent_version: v[6],
});
const checkinRow = prepared(
  'agents.checkinRow',
  (db: Db, ...a: [...CheckinValues, tenantId: string, id: string]) =>
    db
      .updateTable('devices')
      .set(checkinSet(a.slice(0, 7) as CheckinValues))
      .where('tenant_id', '=', a[7])
      .where('id', '=', a[8]),
);
const checkinRowWithOs = prepared(
  'agents.checkinRowWithOs',
  (db: Db, ...a: [...CheckinValues, os: string, tenantId: string, id: string]) =>
    db
      .updateTable('devices')
      .set({ ...checkinSet(a.slice(0, 7) as CheckinValues), os: a[7] })
      .where('tenant_id', '=', a[8])
      .where('id', '=', a[9]),
);

/** Marks an active device uninstalled; false when it was not active (already done, or revoked). */
export async function markDeviceUninstalled(
  db: Db,
  device: DevicesTable,
  health: string,
  lastSeenAt: string,
): Promise<boolean> {
  const done = await db
    .updateTable('devices')
    // Uninstalled is revoked with a reason: the credentials stop working from this instant.
    .set({ status: 'uninstalled', health, last_seen_at: lastSeenAt, revoked_at: lastSeenAt })
    .where('tenant_id', '=', device.tenant_id)
    .where('id', '=', device.id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

export async function setDeviceCertificate(
  db: Db,
  device: DevicesTable,
  serial: string,
  expiresAt: string,
): Promise<void> {
  await db
    .updateTable('devices')
    .set({ certificate_serial: serial, certificate_expires_at: expiresAt })
    .where('tenant_id', '=', device.tenant_id)
    .where('id', '=', device.id)
    .execute();
}

/** Opens a quota episode; true for the one caller that opened it. */
export async function claimQuotaEpisode(db: Db, deviceId: string, reason: string): Promise<boolean> {
  const claimed = await db
    .updateTable('devices')
    .set({ quota_episode: reason })
    .where('id', '=', deviceId)
    .where('quota_episode', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function endQuotaEpisode(db: Db, deviceId: string): Promise<void> {
  await db.updateTable('devices').set({ quota_episode: null }).where('id', '=', deviceId).execute();
}

/** Counts a batch's stored events against the device and records it as seen. */
export async function addStoredEvents(
  db: Db,
  deviceId: string,
  count: number,
  seenAt: string,
): Promise<void> {
  await db
    .updateTable('devices')
    .set((eb) => ({ stored_events: eb('stored_events', '+', count), last_seen_at: seenAt }))
    .where('id', '=', deviceId)
    .execute();
}

/**
 * Active devices whose last check-in reported a policy trust version below `version` (signing key
 * retirement waits for them; docs/signing-keys.md): how many, and up to `sample` of their ids.
 */
export async function activeDevicesBelowTrust(
  db: Db,
  tenantId: string,
  version: number,
  sample = 20,
): Promise<{ count: number; device_ids: string[] }> {
  const below = db
    .selectFrom('devices')
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'active')
    .where('policy_trust_version', '<', version);
  const n = await below.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const ids = await below.select('id').orderBy('id').limit(sample).execute();
  return { count: Number(n?.n ?? 0), device_ids: ids.map((r) => r.id) };
}

/** The tenant's device ids in these endpoint groups, as a subquery (Activity Explorer's group scope). */
export function deviceIdsInGroups(db: Db, tenantId: string, groups: readonly string[]) {
  return db
    .selectFrom('devices')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('group_id', 'in', groups.length > 0 ? [...groups] : ['']);
}
