import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ScimGroupsTable } from './tables.js';

/** SQL for SCIM Group resources and their members. */

type Db = Kysely<Database> | Transaction<Database>;

export type GroupFilter =
  | { attribute: 'displayName'; value: string }
  | { attribute: 'externalId'; value: string }
  | null;

export async function insertGroup(db: Db, row: ScimGroupsTable): Promise<void> {
  await db.insertInto('scim_groups').values(row).execute();
}

export async function findGroup(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('scim_groups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listGroups(
  db: Db,
  tenantId: string,
  filter: GroupFilter,
  offset: number,
  limit: number,
) {
  let q = db.selectFrom('scim_groups').where('tenant_id', '=', tenantId);
  if (filter?.attribute === 'displayName')
    q = q.where((eb) => eb(eb.fn('lower', ['display_name']), '=', filter.value.toLowerCase()));
  if (filter?.attribute === 'externalId') q = q.where('external_id', '=', filter.value);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const items =
    limit === 0
      ? []
      : await q.selectAll().orderBy('created_at').orderBy('id').limit(limit).offset(offset).execute();
  return { total: Number(total.n), items };
}

export async function updateGroup(
  db: Db,
  tenantId: string,
  id: string,
  changes: Partial<Pick<ScimGroupsTable, 'display_name' | 'external_id' | 'updated_at'>>,
): Promise<void> {
  await db
    .updateTable('scim_groups')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteGroup(db: Db, tenantId: string, id: string): Promise<void> {
  await db
    .deleteFrom('scim_group_members')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', id)
    .execute();
  await db.deleteFrom('scim_groups').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Members of the listed groups with the account's display name, live links only. */
export async function membersOf(db: Db, tenantId: string, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('scim_group_members')
    .innerJoin('scim_users', 'scim_users.id', 'scim_group_members.scim_user_id')
    .innerJoin('users', 'users.id', 'scim_users.user_id')
    .select([
      'scim_group_members.group_id',
      'scim_users.id as scim_user_id',
      'users.display_name',
      'scim_users.user_name',
    ])
    .where('scim_group_members.tenant_id', '=', tenantId)
    .where('scim_group_members.group_id', 'in', groupIds)
    .where('scim_users.released_at', 'is', null)
    .orderBy('scim_users.created_at')
    .execute();
}

/** Which of the given SCIM user ids are live users of this tenant (unknown ones are ignored). */
export async function knownUserIds(db: Db, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('scim_users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('released_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

export async function addMembers(db: Db, tenantId: string, groupId: string, ids: readonly string[]) {
  for (const id of ids)
    await db
      .insertInto('scim_group_members')
      .values({ tenant_id: tenantId, group_id: groupId, scim_user_id: id })
      .onConflict((oc) => oc.columns(['group_id', 'scim_user_id']).doNothing())
      .execute();
}

export async function removeMembers(db: Db, tenantId: string, groupId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .deleteFrom('scim_group_members')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .where('scim_user_id', 'in', ids)
    .execute();
}

export async function memberIds(db: Db, tenantId: string, groupId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('scim_group_members')
    .select('scim_user_id')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .execute();
  return rows.map((r) => r.scim_user_id);
}

/** The groups (name and external id) one SCIM user belongs to: the input of its role. */
export async function groupsOfUser(db: Db, tenantId: string, scimUserId: string) {
  return db
    .selectFrom('scim_group_members')
    .innerJoin('scim_groups', 'scim_groups.id', 'scim_group_members.group_id')
    .select(['scim_groups.display_name', 'scim_groups.external_id'])
    .where('scim_group_members.tenant_id', '=', tenantId)
    .where('scim_group_members.scim_user_id', '=', scimUserId)
    .execute();
}

export async function leaveAllGroups(db: Db, tenantId: string, scimUserId: string): Promise<number> {
  const r = await db
    .deleteFrom('scim_group_members')
    .where('tenant_id', '=', tenantId)
    .where('scim_user_id', '=', scimUserId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
