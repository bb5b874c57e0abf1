import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ScimUsersTable } from './tables.js';

/** SQL for SCIM User resources (live links between the provider's users and accounts). */

type Db = Kysely<Database> | Transaction<Database>;

export type UserFilter =
  | { attribute: 'userName'; value: string }
  | { attribute: 'emails.value'; value: string }
  | { attribute: 'externalId'; value: string }
  | null;

function live(db: Db, tenantId: string) {
  return db
    .selectFrom('scim_users')
    .innerJoin('users', 'users.id', 'scim_users.user_id')
    .where('scim_users.tenant_id', '=', tenantId)
    .where('users.tenant_id', '=', tenantId)
    .where('scim_users.released_at', 'is', null);
}

const LINK_AND_ACCOUNT = [
  'scim_users.id',
  'scim_users.tenant_id',
  'scim_users.user_id',
  'scim_users.user_name',
  'scim_users.user_name_key',
  'scim_users.external_id',
  'scim_users.given_name',
  'scim_users.family_name',
  'scim_users.formatted_name',
  'scim_users.emails',
  'scim_users.active',
  'scim_users.closed_by_scim',
  'scim_users.created_at',
  'scim_users.updated_at',
  'scim_users.released_at',
  'users.email',
  'users.display_name',
  'users.department',
  'users.role',
  'users.status',
  'users.custom_role_id',
] as const;

export type LinkedUser = Awaited<ReturnType<typeof findLiveUser>> & object;

export async function findLiveUser(db: Db, tenantId: string, id: string) {
  return live(db, tenantId).select(LINK_AND_ACCOUNT).where('scim_users.id', '=', id).executeTakeFirst();
}

export async function listLiveUsers(
  db: Db,
  tenantId: string,
  filter: UserFilter,
  offset: number,
  limit: number,
) {
  let q = live(db, tenantId);
  if (filter?.attribute === 'userName')
    q = q.where('scim_users.user_name_key', '=', filter.value.toLowerCase());
  if (filter?.attribute === 'emails.value') q = q.where('users.email', '=', filter.value.toLowerCase());
  if (filter?.attribute === 'externalId') q = q.where('scim_users.external_id', '=', filter.value);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const items =
    limit === 0
      ? []
      : await q
          .select(LINK_AND_ACCOUNT)
          .orderBy('scim_users.created_at')
          .orderBy('scim_users.id')
          .limit(limit)
          .offset(offset)
          .execute();
  return { total: Number(total.n), items };
}

export async function liveLinkByUserName(db: Db, tenantId: string, userNameKey: string) {
  return db
    .selectFrom('scim_users')
    .select(['id', 'user_id'])
    .where('tenant_id', '=', tenantId)
    .where('user_name_key', '=', userNameKey)
    .where('released_at', 'is', null)
    .executeTakeFirst();
}

export async function liveLinkOfAccount(db: Db, tenantId: string, userId: string) {
  return db
    .selectFrom('scim_users')
    .select(['id'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('released_at', 'is', null)
    .executeTakeFirst();
}

/** Whether provisioning closed this account under an earlier (released) link. */
export async function closedByEarlierLink(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('scim_users')
    .select('closed_by_scim')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  return row?.closed_by_scim === 1;
}

export async function insertScimUser(db: Db, row: ScimUsersTable): Promise<void> {
  await db.insertInto('scim_users').values(row).execute();
}

export async function updateScimUser(
  db: Db,
  tenantId: string,
  id: string,
  changes: Partial<Omit<ScimUsersTable, 'id' | 'tenant_id' | 'user_id' | 'created_at'>>,
): Promise<void> {
  await db
    .updateTable('scim_users')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function countLiveUsers(db: Db, tenantId: string): Promise<number> {
  const r = await db
    .selectFrom('scim_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('released_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
