import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { UsersTable } from '../../db/foundation-tables.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { Permission } from '../../http/permissions.js';
import type { Principal } from '../../http/principal.js';
import { BUILT_IN_ROLE_IDS, isBuiltInRole, resolveRolePermissions } from '../../http/roles.js';
import { liveRoleOrRefuse, loadCustomRole } from '../roles/public.js';

/**
 * The custom-role additions to the Owner rules (document 3, Users): giving a permission one does
 * not hold, and changing somebody who holds more, are refused (403). `custom` needs a live role
 * of this tenant; anything else is the one 422 naming custom_role_id.
 */
export interface GrantedRole {
  role: string;
  custom_role_id: string | null;
  permissions: ReadonlySet<Permission>;
}

export async function grantedRole(
  db: Kysely<Database>,
  actor: Principal,
  input: { role: string; custom_role_id?: string | undefined },
): Promise<GrantedRole> {
  if (input.role === 'custom') {
    const row = await liveRoleOrRefuse(db, actor.tenantId, input.custom_role_id);
    const def = await loadCustomRole(db, actor.tenantId, row.id);
    return { role: 'custom', custom_role_id: row.id, permissions: resolveRolePermissions('custom', def) };
  }
  if (input.custom_role_id !== undefined)
    throw fieldError('custom_role_id', 'is only given with role custom');
  if (!isBuiltInRole(input.role))
    throw fieldError('role', `must be one of ${[...BUILT_IN_ROLE_IDS, 'custom'].join(', ')}`);
  return {
    role: input.role,
    custom_role_id: null,
    permissions: resolveRolePermissions(input.role, undefined),
  };
}

export async function currentPermissions(
  db: Kysely<Database>,
  tenantId: string,
  user: Pick<UsersTable, 'role' | 'custom_role_id'>,
): Promise<ReadonlySet<Permission>> {
  const def =
    user.role === 'custom' && user.custom_role_id
      ? await loadCustomRole(db, tenantId, user.custom_role_id)
      : undefined;
  return resolveRolePermissions(user.role, def);
}

function firstNotHeld(actor: Principal, perms: ReadonlySet<Permission>): Permission | undefined {
  return [...perms].sort().find((p) => !actor.permissions.has(p));
}

/** Giving a role that holds a permission the actor lacks is refused, naming it. */
export function refuseGivingMore(actor: Principal, granted: GrantedRole): void {
  const missing = firstNotHeld(actor, granted.permissions);
  if (missing)
    throw new AppError('auth.forbidden', `that role holds ${missing}, which you do not hold`, [
      { field: 'role', message: `holds ${missing}` },
    ]);
}

/** Changing somebody whose role holds a permission the actor lacks is refused. */
export async function refuseTargetHoldingMore(
  db: Kysely<Database>,
  actor: Principal,
  target: Pick<UsersTable, 'role' | 'custom_role_id'>,
): Promise<void> {
  const missing = firstNotHeld(actor, await currentPermissions(db, actor.tenantId, target));
  if (missing) throw new AppError('auth.forbidden', `the account holds ${missing}, which you do not hold`);
}
