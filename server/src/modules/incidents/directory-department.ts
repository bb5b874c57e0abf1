import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { OPEN_STATUSES } from './correlation-store.js';
import { fillDirectoryDepartment, openUnattributed } from './department-store.js';

/**
 * The seam of the directory department resolver (issue 20, docs/directory-sources.md): which
 * open incidents wait for a department, and filling them (`department_source: directory`,
 * reason `directory_source`). Closed incidents never change.
 */
export async function incidentsAwaitingDepartment(db: Kysely<Database>, tenantId: string, limit: number) {
  const rows = await openUnattributed(db, tenantId, OPEN_STATUSES, limit);
  return rows.map((r) => ({ id: r.id, username: r.username as string }));
}

export function fillIncidentDepartment(
  db: Kysely<Database>,
  tenantId: string,
  ids: readonly string[],
  department: string,
  at: Date,
): Promise<number> {
  return fillDirectoryDepartment(db, tenantId, ids, OPEN_STATUSES, department, at.toISOString());
}
