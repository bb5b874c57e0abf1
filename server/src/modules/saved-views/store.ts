import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { SavedViewsTable } from './tables.js';

/** SQL for `saved_views`; tenant id first. */

type Db = Kysely<Database> | Transaction<Database>;

/** The views of one surface a person sees: the organisation's, their teams', their own. */
export async function visibleViewRows(
  db: Db,
  tenantId: string,
  surface: string,
  userId: string,
  teamIds: string[],
) {
  return db
    .selectFrom('saved_views')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('surface', '=', surface)
    .where((eb) =>
      eb.or([
        eb('visibility', '=', 'organisation'),
        eb.and([eb('visibility', '=', 'me'), eb('owner_id', '=', userId)]),
        ...(teamIds.length > 0
          ? [eb.and([eb('visibility', '=', 'team'), eb('team_id', 'in', teamIds)])]
          : []),
      ]),
    )
    .orderBy('name_key')
    .orderBy('id')
    .execute();
}

export async function findViewRow(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('saved_views')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countOwnedViews(db: Db, tenantId: string, surface: string, userId: string) {
  const row = await db
    .selectFrom('saved_views')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('surface', '=', surface)
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertView(db: Db, row: SavedViewsTable): Promise<void> {
  await db.insertInto('saved_views').values(row).execute();
}

export async function deleteViewRow(db: Db, tenantId: string, id: string): Promise<void> {
  await db.deleteFrom('saved_views').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Clears the scope's current default (returning its id) so the unique index admits the new one. */
export async function clearDefault(db: Db, tenantId: string, surface: string, scope: string) {
  const current = await db
    .selectFrom('saved_views')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('surface', '=', surface)
    .where('default_scope', '=', scope)
    .executeTakeFirst();
  if (!current) return null;
  await db.updateTable('saved_views').set({ default_scope: null }).where('id', '=', current.id).execute();
  return current.id;
}

export async function setDefaultScope(db: Db, tenantId: string, id: string, scope: string | null) {
  await db
    .updateTable('saved_views')
    .set({ default_scope: scope })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function markViewUsed(db: Db, tenantId: string, id: string, now: Date) {
  await db
    .updateTable('saved_views')
    .set({ last_used_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** The team's views go with the team (docs/saved-views.md); the count is audited. */
export async function deleteTeamViews(db: Db, tenantId: string, teamId: string): Promise<number> {
  const r = await db
    .deleteFrom('saved_views')
    .where('tenant_id', '=', tenantId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
