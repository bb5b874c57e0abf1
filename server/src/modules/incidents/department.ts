import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { accountsByEmail, departmentsOf, insertDepartments } from './department-store.js';
import type { IncidentDepartmentsTable } from './department-tables.js';
import type { IncidentsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Department attribution at incident creation (docs/incidents.md, Department). The endpoint's
 * report wins; otherwise the tenant's account whose address is exactly the person's user name
 * (no case), when that account is active and has a department; otherwise none, with the reason.
 * The directory resolver of issue 20 fills unattributed open incidents later.
 */
export const DEPARTMENT_REASONS = [
  'endpoint_reported',
  'directory_account',
  'no_person',
  'no_directory_match',
  'directory_account_inactive',
  'directory_no_department',
  // Filled later by the directory department resolver (issue 20).
  'directory_source',
] as const;

export interface DepartmentView {
  department: string | null;
  department_source: string | null;
  department_reason: string | null;
}

export const NO_DEPARTMENT: DepartmentView = {
  department: null,
  department_source: null,
  department_reason: null,
};

/** Decides and stores the department of each newly created incident; incident id → department. */
export async function attributeDepartments(
  db: Db,
  tenantId: string,
  created: readonly { row: IncidentsTable; reportedDepartment?: string | null }[],
): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (created.length === 0) return out;
  const asked = created
    .filter((c) => !c.reportedDepartment && c.row.username)
    .map((c) => (c.row.username as string).toLowerCase());
  const accounts = new Map(
    (await accountsByEmail(db, tenantId, [...new Set(asked)])).map((a) => [a.email.toLowerCase(), a]),
  );
  const rows: IncidentDepartmentsTable[] = created.map(({ row, reportedDepartment }) => {
    const base = { incident_id: row.id, tenant_id: tenantId, decided_at: row.created_at };
    if (reportedDepartment)
      return { ...base, department: reportedDepartment, source: 'endpoint', reason: 'endpoint_reported' };
    if (!row.username) return { ...base, department: null, source: null, reason: 'no_person' };
    const a = accounts.get(row.username.toLowerCase());
    if (!a) return { ...base, department: null, source: null, reason: 'no_directory_match' };
    if (a.status !== 'active')
      return { ...base, department: null, source: null, reason: 'directory_account_inactive' };
    if (!a.department) return { ...base, department: null, source: null, reason: 'directory_no_department' };
    return { ...base, department: a.department, source: 'directory', reason: 'directory_account' };
  });
  await insertDepartments(db, rows);
  for (const r of rows) out.set(r.incident_id, r.department);
  return out;
}

/** Incident id → its attribution; an incident created before attribution existed has none. */
export async function departmentViews(db: Db, ids: readonly string[]): Promise<Map<string, DepartmentView>> {
  const out = new Map<string, DepartmentView>();
  for (const r of await departmentsOf(db, ids))
    out.set(r.incident_id, {
      department: r.department,
      department_source: r.source,
      department_reason: r.reason,
    });
  return out;
}
