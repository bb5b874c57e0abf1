import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { AppError, type FieldError } from '../../http/errors.js';
import { isPermission, PERMISSIONS, type Permission } from '../../http/permissions.js';
import { BUILT_IN_ROLES } from '../../http/roles.js';
import { findAgentGroup } from '../agents/public.js';

/** The incident-scope id for cloud-storage incidents, which belong to no endpoint group. */
export const CLOUD_STORAGE_SCOPE = 'cloud_storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The folded form of a role name: compatibility-normalised, lower-cased, letters and digits only.
 * "Security-Analyst", "security analyst" and "ＯＷＮＥＲ" fold onto a built-in name.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const RESERVED_KEYS = new Set([
  'custom',
  ...Object.values(BUILT_IN_ROLES).flatMap((r) => [nameKey(r.id), nameKey(r.name)]),
]);

export function isReservedName(name: string): boolean {
  return RESERVED_KEYS.has(nameKey(name));
}

export interface DefinitionInput {
  permissions: readonly string[];
  incidentScope: readonly string[] | null;
}

/**
 * The permission checks of document 3, each naming the identifier (by its catalogue id when it
 * is one; an unknown string is named by its position only, never echoed). On edit `existing`
 * lists what the role already holds: keeping those is allowed even when the definer lacks them.
 */
export function permissionProblems(
  input: DefinitionInput,
  definer: ReadonlySet<Permission>,
  existing: ReadonlySet<string> = new Set(),
): FieldError[] {
  const out: FieldError[] = [];
  input.permissions.forEach((id, i) => {
    const field = `permissions[${i}]`;
    if (!isPermission(id)) {
      out.push({ field, message: 'is not a permission identifier (unknown identifiers and * are refused)' });
      return;
    }
    if (id === 'tenant:write' || !PERMISSIONS[id].delegable) {
      out.push({ field, message: `${id} is never part of a custom role` });
      return;
    }
    if (!definer.has(id) && !existing.has(id)) {
      out.push({ field, message: `${id} is a permission you do not hold` });
      return;
    }
    if (input.incidentScope !== null && PERMISSIONS[id].tenantWide)
      out.push({
        field,
        message: `${id} is tenant-wide and cannot be held by a role scoped to endpoint groups`,
      });
  });
  // Removing a permission one does not hold is refused too (document 3, on edit).
  const kept = new Set(input.permissions);
  for (const id of existing) {
    if (!kept.has(id) && isPermission(id) && !definer.has(id))
      out.push({ field: 'permissions', message: `removing ${id} needs you to hold it` });
  }
  return out;
}

/** Every scope entry is a live endpoint group of this tenant or the cloud-storage id. */
export async function scopeProblems(
  db: Kysely<Database>,
  tenantId: string,
  scope: readonly string[] | null,
): Promise<FieldError[]> {
  if (scope === null) return [];
  if (scope.length === 0)
    return [
      { field: 'incident_scope', message: 'name at least one endpoint group, or null for tenant-wide' },
    ];
  const out: FieldError[] = [];
  for (const [i, id] of scope.entries()) {
    if (id === CLOUD_STORAGE_SCOPE) continue;
    const group = UUID.test(id) ? await findAgentGroup(db, tenantId, id) : undefined;
    if (!group || group.retired_at !== null)
      out.push({ field: `incident_scope[${i}]`, message: 'is not a live endpoint group of this tenant' });
  }
  return out;
}

export function refuseIfAny(problems: FieldError[]): void {
  if (problems.length > 0) throw new AppError('request.invalid', 'the role definition is refused', problems);
}

/** Sorted and deduplicated, as stored (document 3). */
export function normalisedPermissions(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort();
}
