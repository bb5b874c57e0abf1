import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { IncidentAssignmentRulesTable } from './assignment-rules-tables.js';
import './assignment-rules-tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The tenant's rules by position. */
export async function listRules(db: Db, tenantId: string, enabledOnly = false) {
  let q = db.selectFrom('incident_assignment_rules').selectAll().where('tenant_id', '=', tenantId);
  if (enabledOnly) q = q.where('enabled', '=', 1);
  return q.orderBy('position').orderBy('id').execute();
}

export async function findRule(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('incident_assignment_rules')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertRule(db: Db, row: IncidentAssignmentRulesTable) {
  await db.insertInto('incident_assignment_rules').values(row).execute();
}

export async function updateRule(
  db: Db,
  tenantId: string,
  id: string,
  patch: Partial<Omit<IncidentAssignmentRulesTable, 'id' | 'tenant_id'>>,
) {
  await db
    .updateTable('incident_assignment_rules')
    .set(patch)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteRule(db: Db, tenantId: string, id: string) {
  await db
    .deleteFrom('incident_assignment_rules')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Rewrites positions 1..n in the given order (ids of every rule of the tenant). */
export async function renumber(db: Db, tenantId: string, ids: readonly string[]) {
  for (const [i, id] of ids.entries()) {
    await db
      .updateTable('incident_assignment_rules')
      .set({ position: i + 1 })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }
}

/** Gives an unassigned incident to a person; false when someone else got there first. */
export async function assignIfUnassigned(
  db: Db,
  incidentId: string,
  user: { id: string; email: string },
): Promise<boolean> {
  const moved = await db
    .updateTable('incidents')
    .set({ assignee_id: user.id, assignee_email: user.email })
    .where('id', '=', incidentId)
    .where('assignee_id', 'is', null)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
