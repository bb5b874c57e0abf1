import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { CustomRolesTable } from './tables.js';

/** SQL for `custom_roles`; every query carries the tenant id. */

type Db = Kysely<Database> | Transaction<Database>;

export async function findRole(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('custom_roles')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listRoles(db: Db, tenantId: string) {
  return db
    .selectFrom('custom_roles')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('retired_at', 'desc')
    .orderBy('name')
    .execute();
}

export async function findLiveByNameKey(db: Db, tenantId: string, key: string) {
  return db
    .selectFrom('custom_roles')
    .select(['id'])
    .where('tenant_id', '=', tenantId)
    .where('live_name_key', '=', key)
    .executeTakeFirst();
}

export async function insertRole(db: Db, row: CustomRolesTable): Promise<void> {
  await db.insertInto('custom_roles').values(row).execute();
}

/** Updates only when the stored revision is still `revision`; answers whether it did. */
export async function updateRoleAtRevision(
  db: Db,
  tenantId: string,
  id: string,
  revision: number,
  patch: Pick<
    CustomRolesTable,
    'name' | 'live_name_key' | 'description' | 'permissions' | 'incident_scope' | 'updated_at'
  >,
): Promise<boolean> {
  const r = await db
    .updateTable('custom_roles')
    .set({ ...patch, revision: revision + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markRoleRetired(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('custom_roles')
    .set({ retired_at: now.toISOString(), live_name_key: null, updated_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Accounts holding each custom role, disabled ones included (document 3: they count). */
export async function memberCounts(db: Db, tenantId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['custom_role_id', sql<number>`count(*)`.as('n')])
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'custom')
    .where('custom_role_id', 'is not', null)
    .groupBy('custom_role_id')
    .execute();
  return new Map(rows.map((r) => [r.custom_role_id as string, Number(r.n)]));
}

/** Accounts holding each built-in role (every status). */
export async function builtInMemberCounts(db: Db, tenantId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['role', sql<number>`count(*)`.as('n')])
    .where('tenant_id', '=', tenantId)
    .where('role', '!=', 'custom')
    .groupBy('role')
    .execute();
  return new Map(rows.map((r) => [r.role, Number(r.n)]));
}

export async function memberCount(db: Db, tenantId: string, roleId: string): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select(sql<number>`count(*)`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'custom')
    .where('custom_role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Live roles with an incident scope (the caller reads the group ids). */
export async function liveRolesWithScope(db: Db, tenantId: string) {
  return db
    .selectFrom('custom_roles')
    .select(['id', 'incident_scope'])
    .where('tenant_id', '=', tenantId)
    .where('retired_at', 'is', null)
    .where('incident_scope', 'is not', null)
    .execute();
}
