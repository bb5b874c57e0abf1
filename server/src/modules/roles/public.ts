/** What other modules use from custom roles (server-modules contract: consumers import only this). */

import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { rolesScopingGroup } from './service.js';
import { listRoles } from './store.js';

export { CLOUD_STORAGE_SCOPE } from './definition.js';
export { liveRoleOrRefuse, loadCustomRole } from './service.js';

/** The agents module's `GroupScopeUse`: live roles whose incident scope names the group. */
export function roleScopesOfGroup(
  db: Kysely<Database>,
  tenantId: string,
  groupId: string,
): Promise<string[]> {
  return rolesScopingGroup(db, tenantId, groupId);
}

/** Id to name of every custom role of the tenant (retired ones included), for directory rows. */
export async function customRoleNames(db: Kysely<Database>, tenantId: string): Promise<Map<string, string>> {
  return new Map((await listRoles(db, tenantId)).map((r) => [r.id, r.name]));
}

/** Live custom roles with their current permissions, for the role matrix of GET /users/roles. */
export async function liveCustomRoles(db: Kysely<Database>, tenantId: string) {
  return (await listRoles(db, tenantId))
    .filter((r) => r.retired_at === null)
    .map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      permissions: JSON.parse(r.permissions) as string[],
      incident_scope: r.incident_scope === null ? null : (JSON.parse(r.incident_scope) as string[]),
    }));
}
