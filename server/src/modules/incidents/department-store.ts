import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { IncidentDepartmentsTable } from './department-tables.js';
import './department-tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Accounts of the tenant whose address is one of `emails` (lower case): status and department. */
export async function accountsByEmail(db: Db, tenantId: string, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['email', 'status', 'department'])
    .where('tenant_id', '=', tenantId)
    .where('email', 'in', [...emails])
    .execute();
}

export async function insertDepartments(db: Db, rows: IncidentDepartmentsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('incident_departments')
      .values(rows.slice(i, i + 100))
      .onConflict((oc) => oc.column('incident_id').doNothing())
      .execute();
}

export async function departmentsOf(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('incident_departments')
    .select(['incident_id', 'department', 'source', 'reason'])
    .where('incident_id', 'in', [...ids])
    .execute();
}

/**
 * Open incidents of the tenant with a person and no department yet (the directory resolver's
 * work, issue 20): incident id and user name, at most `limit`.
 */
export async function openUnattributed(
  db: Db,
  tenantId: string,
  openStatuses: readonly string[],
  limit: number,
) {
  return db
    .selectFrom('incident_departments as d')
    .innerJoin('incidents as i', 'i.id', 'd.incident_id')
    .select(['i.id as id', 'i.username as username'])
    .where('d.tenant_id', '=', tenantId)
    .where('i.tenant_id', '=', tenantId)
    .where('d.department', 'is', null)
    .where('i.username', 'is not', null)
    .where('i.status', 'in', [...openStatuses])
    .orderBy('i.id')
    .limit(limit)
    .execute();
}

/** Fills the department of those incidents, still open and still unattributed (closed never change). */
export async function fillDirectoryDepartment(
  db: Db,
  tenantId: string,
  ids: readonly string[],
  openStatuses: readonly string[],
  department: string,
  at: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const open = db
    .selectFrom('incidents')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .where('status', 'in', [...openStatuses]);
  const result = await db
    .updateTable('incident_departments')
    .set({ department, source: 'directory', reason: 'directory_source', decided_at: at })
    .where('tenant_id', '=', tenantId)
    .where('department', 'is', null)
    .where('incident_id', 'in', open)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}
