import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AgentGroupsTable, DevicesTable } from './tables.js';
import './tables.js';
import { firstRow, prepared } from '../../db/prepared.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface GroupRow {
  id: string;
  name: string;
  retired_at: string | null;
}

export interface AgentSummary {
  id: string;
  hostname: string;
  os: string;
  group_id: string | null;
  group_name: string | null;
  status: DevicesTable['status'];
  last_seen_at: string | null;
  capabilities: Record<string, unknown>;
  bundle_version: number;
}

export async function findGroup(db: Db, tenantId: string, groupId: string): Promise<GroupRow | undefined> {
  return firstRow(await groupRow(db, tenantId, groupId));
}

const groupRow = prepared('agents.groupRow', (db: Db, tenantId: string, groupId: string) =>
  db
    .selectFrom('agent_groups')
    .select(['id', 'name', 'retired_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', groupId),
);

/** The groups of those ids (the tenant's only; a missing id is absent from the map). */
export async function findGroups(
  db: Db,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, GroupRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('agent_groups')
    .select(['id', 'name', 'retired_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((g) => [g.id, g]));
}

/** Names compare without case (one group per spelling in a tenant). */
export async function findGroupByName(db: Db, tenantId: string, name: string): Promise<GroupRow | undefined> {
  return db
    .selectFrom('agent_groups')
    .select(['id', 'name', 'retired_at'])
    .where('tenant_id', '=', tenantId)
    .where('name_key', '=', name.trim().toLowerCase())
    .executeTakeFirst();
}

export async function listGroups(
  db: Db,
  tenantId: string,
  includeRetired: boolean,
): Promise<(AgentGroupsTable & { agent_count: number })[]> {
  let q = db
    .selectFrom('agent_groups as g')
    .selectAll('g')
    .select((eb) =>
      eb
        .selectFrom('devices as d')
        .whereRef('d.group_id', '=', 'g.id')
        .where('d.status', '=', 'active')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('agent_count'),
    )
    .where('g.tenant_id', '=', tenantId);
  if (!includeRetired) q = q.where('g.retired_at', 'is', null);
  const rows = await q.orderBy('g.name_key').execute();
  return rows.map((r) => ({ ...r, agent_count: Number(r.agent_count ?? 0) }));
}

export async function insertGroup(
  db: Db,
  tenantId: string,
  name: string,
  now: Date,
): Promise<AgentGroupsTable> {
  const row: AgentGroupsTable = {
    id: randomUUID(),
    tenant_id: tenantId,
    name,
    name_key: name.toLowerCase(),
    created_at: now.toISOString(),
    retired_at: null,
  };
  await db.insertInto('agent_groups').values(row).execute();
  return row;
}

export async function renameGroup(db: Db, tenantId: string, groupId: string, name: string): Promise<void> {
  await db
    .updateTable('agent_groups')
    .set({ name, name_key: name.toLowerCase() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', groupId)
    .execute();
}

export async function retireGroup(db: Db, tenantId: string, groupId: string, now: Date): Promise<void> {
  await db
    .updateTable('agent_groups')
    .set({ retired_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', groupId)
    .execute();
}

export async function countActiveAgentsInGroup(db: Db, tenantId: string, groupId: string): Promise<number> {
  const r = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function summary(r: DevicesTable & { group_name: string | null }): AgentSummary {
  return {
    id: r.id,
    hostname: r.hostname,
    os: r.os,
    group_id: r.group_id,
    group_name: r.group_name,
    status: r.status,
    last_seen_at: r.last_seen_at,
    capabilities: JSON.parse(r.capabilities) as Record<string, unknown>,
    bundle_version: r.bundle_version,
  };
}

function devicesWithGroup(db: Db) {
  return db
    .selectFrom('devices as d')
    .leftJoin('agent_groups as g', 'g.id', 'd.group_id')
    .selectAll('d')
    .select('g.name as group_name');
}

export async function findDevice(
  db: Db,
  tenantId: string,
  deviceId: string,
): Promise<(DevicesTable & { group_name: string | null }) | undefined> {
  return devicesWithGroup(db)
    .where('d.tenant_id', '=', tenantId)
    .where('d.id', '=', deviceId)
    .executeTakeFirst();
}

export async function findAgentSummary(
  db: Db,
  tenantId: string,
  agentId: string,
): Promise<AgentSummary | undefined> {
  const r = await findDevice(db, tenantId, agentId);
  return r ? summary(r) : undefined;
}

/** Devices read per statement by listActive. */
export const ACTIVE_PAGE = 1_000;

/**
 * The tenant's active devices seen since `since`, by hostname. Read a page at a time (by id) with
 * a turn of the event loop between pages: a publish reads the whole fleet (release check, scope
 * preview) and, as one statement, 10,000 devices held the event loop for about half a second
 * (SQLite statements run synchronously), during which no check-in was answered (docs/deploy.md).
 */
export async function listActive(
  db: Db,
  tenantId: string,
  since: Date,
  pageSize = ACTIVE_PAGE,
): Promise<AgentSummary[]> {
  const out: AgentSummary[] = [];
  let after: string | null = null;
  for (;;) {
    let q = devicesWithGroup(db)
      .where('d.tenant_id', '=', tenantId)
      .where('d.status', '=', 'active')
      .where('d.last_seen_at', '>=', since.toISOString());
    if (after !== null) q = q.where('d.id', '>', after);
    const rows = await q.orderBy('d.id').limit(pageSize).execute();
    for (const r of rows) out.push(summary(r));
    if (rows.length < pageSize) break;
    after = (rows.at(-1) as DevicesTable).id;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return out.sort(byHostname);
}

function byHostname(a: AgentSummary, b: AgentSummary): number {
  return a.hostname < b.hostname ? -1 : a.hostname > b.hostname ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface DeviceFilter {
  status?: DevicesTable['status'] | undefined;
  groupId?: string | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
}

export async function listDevices(
  db: Db,
  tenantId: string,
  f: DeviceFilter,
): Promise<{ rows: (DevicesTable & { group_name: string | null })[]; total: number }> {
  let q = db.selectFrom('devices as d').where('d.tenant_id', '=', tenantId);
  if (f.status) q = q.where('d.status', '=', f.status);
  if (f.groupId) q = q.where('d.group_id', '=', f.groupId);
  if (f.search) {
    const like = `%${f.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    q = q.where((eb) => eb(eb.fn('lower', ['d.hostname']), 'like', eb.val(like)));
  }
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .leftJoin('agent_groups as g', 'g.id', 'd.group_id')
    .selectAll('d')
    .select('g.name as group_name')
    .orderBy('d.hostname')
    .orderBy('d.id')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function moveDevice(
  db: Db,
  tenantId: string,
  deviceId: string,
  groupId: string | null,
): Promise<void> {
  await db
    .updateTable('devices')
    .set({ group_id: groupId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', deviceId)
    .execute();
}

export async function revokeDevice(db: Db, tenantId: string, deviceId: string, now: Date): Promise<void> {
  await db
    .updateTable('devices')
    .set({ status: 'revoked', revoked_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', deviceId)
    .execute();
}
