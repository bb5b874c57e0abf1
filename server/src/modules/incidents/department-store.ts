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
