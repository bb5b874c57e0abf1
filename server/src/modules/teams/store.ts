import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { TeamsTable } from './tables.js';

/** SQL for `teams` and `team_members`; tenant id first. */

type Db = Kysely<Database> | Transaction<Database>;

export async function listTeamRows(db: Db, tenantId: string) {
  return db
    .selectFrom('teams')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
}

export async function findTeamRow(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('teams')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findTeamByNameKey(db: Db, tenantId: string, nameKey: string) {
  return db
    .selectFrom('teams')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

export async function insertTeam(db: Db, row: TeamsTable): Promise<void> {
  await db.insertInto('teams').values(row).execute();
}

export async function deleteTeamRows(db: Db, tenantId: string, id: string): Promise<number> {
  const members = await db
    .deleteFrom('team_members')
    .where('tenant_id', '=', tenantId)
    .where('team_id', '=', id)
    .executeTakeFirst();
  await db.deleteFrom('teams').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  return Number(members.numDeletedRows);
}

/** Every member of the tenant's teams with the person's name and address, by team then address. */
export async function listMemberRows(db: Db, tenantId: string) {
  return db
    .selectFrom('team_members')
    .innerJoin('users', (j) =>
      j
        .onRef('users.id', '=', 'team_members.user_id')
        .onRef('users.tenant_id', '=', 'team_members.tenant_id'),
    )
    .select(['team_members.team_id', 'team_members.user_id', 'users.email', 'users.display_name'])
    .where('team_members.tenant_id', '=', tenantId)
    .orderBy('users.email')
    .execute();
}

export async function teamIdsOfUser(db: Db, tenantId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('team_members')
    .select('team_id')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.team_id);
}

export async function isMemberRow(
  db: Db,
  tenantId: string,
  teamId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** False when the person was already in (nothing written). */
export async function insertMember(db: Db, tenantId: string, teamId: string, userId: string, now: Date) {
  const r = await db
    .insertInto('team_members')
    .values({ tenant_id: tenantId, team_id: teamId, user_id: userId, added_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function deleteMember(
  db: Db,
  tenantId: string,
  teamId: string,
  userId: string,
): Promise<boolean> {
  const r = await db
    .deleteFrom('team_members')
    .where('tenant_id', '=', tenantId)
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
