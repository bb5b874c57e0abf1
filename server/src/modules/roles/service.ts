import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { ALL_PERMISSIONS, PERMISSIONS } from '../../http/permissions.js';
import type { Principal } from '../../http/principal.js';
import { BUILT_IN_ROLES, type CustomRoleDefinition } from '../../http/roles.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import {
  isReservedName,
  nameKey,
  normalisedPermissions,
  permissionProblems,
  refuseIfAny,
  scopeProblems,
} from './definition.js';
import {
  builtInMemberCounts,
  findLiveByNameKey,
  findRole,
  insertRole,
  listRoles,
  liveRolesWithScope,
  markRoleRetired,
  memberCount,
  memberCounts,
  updateRoleAtRevision,
} from './store.js';
import type { CustomRolesTable } from './tables.js';

const parseList = (text: string | null): string[] | null =>
  text === null ? null : (JSON.parse(text) as string[]);

export function roleView(row: CustomRolesTable, members: number) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: parseList(row.permissions) ?? [],
    incident_scope: parseList(row.incident_scope),
    revision: row.revision,
    member_count: members,
    created_at: row.created_at,
    updated_at: row.updated_at,
    retired_at: row.retired_at,
  };
}

/** The loader the foundation calls on every request (http/authenticate.ts): the current definition. */
export async function loadCustomRole(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
): Promise<CustomRoleDefinition | undefined> {
  const row = await findRole(db, tenantId, id);
  if (!row) return undefined;
  return {
    permissions: parseList(row.permissions) ?? [],
    retired: row.retired_at !== null,
    incidentScope: parseList(row.incident_scope),
  };
}

/** The live custom role with that id in this tenant, or the one 422 for foreign, missing and retired. */
export async function liveRoleOrRefuse(db: Kysely<Database>, tenantId: string, id: string | undefined) {
  const row = id === undefined ? undefined : await findRole(db, tenantId, id);
  if (!row || row.retired_at !== null)
    throw fieldError('custom_role_id', 'no live custom role with that id in this tenant');
  return row;
}

/** Ids of live roles whose incident scope names the group (retiring it is then 409). */
export async function rolesScopingGroup(db: Kysely<Database>, tenantId: string, groupId: string) {
  const rows = await liveRolesWithScope(db, tenantId);
  return rows.filter((r) => (parseList(r.incident_scope) ?? []).includes(groupId)).map((r) => r.id);
}

export async function listAllRoles(ctx: ServiceContext, actor: Principal) {
  const [rows, counts, builtIn] = await Promise.all([
    listRoles(ctx.db, actor.tenantId),
    memberCounts(ctx.db, actor.tenantId),
    builtInMemberCounts(ctx.db, actor.tenantId),
  ]);
  return {
    built_in: Object.values(BUILT_IN_ROLES).map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      permissions: [...r.permissions],
      member_count: builtIn.get(r.id) ?? 0,
    })),
    custom: rows.map((r) => roleView(r, counts.get(r.id) ?? 0)),
  };
}

export function permissionCatalogue(actor: Principal) {
  return {
    items: ALL_PERMISSIONS.map((id) => ({
      id,
      description: PERMISSIONS[id].description,
      domain: PERMISSIONS[id].domain,
      sensitivity: PERMISSIONS[id].sensitivity,
      delegable: PERMISSIONS[id].delegable,
      tenant_wide: PERMISSIONS[id].tenantWide,
      grantable_by_you: PERMISSIONS[id].delegable && actor.permissions.has(id),
    })),
  };
}

export interface RoleInput {
  name: string;
  description?: string | undefined;
  permissions: string[];
  incident_scope?: string[] | null | undefined;
}

async function refuseName(db: Kysely<Database>, tenantId: string, name: string, selfId?: string) {
  if (isReservedName(name)) throw fieldError('name', 'is the name of a built-in role (in any spelling)');
  const key = nameKey(name);
  if (key === '') throw fieldError('name', 'needs at least one letter or digit');
  const clash = await findLiveByNameKey(db, tenantId, key);
  if (clash && clash.id !== selfId) throw fieldError('name', 'a live custom role already has this name');
  return key;
}

export async function createRole(ctx: ServiceContext, actor: Principal, input: RoleInput) {
  const scope = input.incident_scope ?? null;
  refuseIfAny(
    permissionProblems({ permissions: input.permissions, incidentScope: scope }, actor.permissions),
  );
  refuseIfAny(await scopeProblems(ctx.db, actor.tenantId, scope));
  const now = ctx.clock.now().toISOString();
  const permissions = normalisedPermissions(input.permissions);
  const row: CustomRolesTable = {
    id: randomUUID(),
    tenant_id: actor.tenantId,
    name: input.name,
    live_name_key: await refuseName(ctx.db, actor.tenantId, input.name),
    description: input.description ?? '',
    permissions: JSON.stringify(permissions),
    incident_scope: scope === null ? null : JSON.stringify([...new Set(scope)]),
    revision: 1,
    created_by: actor.userId,
    created_at: now,
    updated_at: now,
    retired_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertRole(trx, row);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'role.created',
        subject: { type: 'custom_role', id: row.id },
        metadata: {
          name: row.name,
          permissions_after: permissions,
          scope_after: parseList(row.incident_scope),
        },
      },
      trx,
    );
  });
  return roleView(row, 0);
}

export async function updateRole(
  ctx: ServiceContext,
  actor: Principal,
  id: string,
  input: RoleInput & { revision: number },
) {
  const row = await findRole(ctx.db, actor.tenantId, id);
  if (!row) throw notFound('custom role');
  if (row.retired_at !== null) throw new AppError('resource.conflict', 'a retired role cannot be edited');
  if (row.revision !== input.revision)
    throw new AppError('resource.conflict', 'the role changed since you read it; reload and try again', [
      { field: 'revision', message: `the current revision is ${row.revision}` },
    ]);
  const before = parseList(row.permissions) ?? [];
  const scopeBefore = parseList(row.incident_scope);
  // Absent keeps the scope; null makes the role tenant-wide (document 3).
  const scope = input.incident_scope === undefined ? scopeBefore : input.incident_scope;
  refuseIfAny(
    permissionProblems(
      { permissions: input.permissions, incidentScope: scope },
      actor.permissions,
      new Set(before),
    ),
  );
  if (input.incident_scope !== undefined) refuseIfAny(await scopeProblems(ctx.db, actor.tenantId, scope));
  const key = await refuseName(ctx.db, actor.tenantId, input.name, row.id);
  const after = normalisedPermissions(input.permissions);
  const now = ctx.clock.now().toISOString();
  const storedScope = scope === null ? null : JSON.stringify([...new Set(scope)]);
  const members = await ctx.db.transaction().execute(async (trx) => {
    const done = await updateRoleAtRevision(trx, actor.tenantId, row.id, input.revision, {
      name: input.name,
      live_name_key: key,
      description: input.description ?? row.description,
      permissions: JSON.stringify(after),
      incident_scope: storedScope,
      updated_at: now,
    });
    if (!done)
      throw new AppError('resource.conflict', 'the role changed since you read it; reload and try again');
    const count = await memberCount(trx, actor.tenantId, row.id);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'role.updated',
        subject: { type: 'custom_role', id: row.id },
        metadata: {
          name: input.name,
          permissions_before: before,
          permissions_after: after,
          added: after.filter((x) => !before.includes(x)),
          removed: before.filter((x) => !after.includes(x)),
          scope_before: scopeBefore,
          scope_after: parseList(storedScope),
          revision: row.revision + 1,
          member_count: count,
        },
      },
      trx,
    );
    return count;
  });
  const updated = await findRole(ctx.db, actor.tenantId, row.id);
  return roleView(updated ?? row, members);
}

export async function retireRole(ctx: ServiceContext, actor: Principal, id: string, reason: string) {
  const row = await findRole(ctx.db, actor.tenantId, id);
  if (!row) throw notFound('custom role');
  if (row.retired_at !== null) throw new AppError('resource.conflict', 'the role is already retired');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Counted inside the change, so an assignment racing the retirement cannot slip through.
    const held = await memberCount(trx, actor.tenantId, row.id);
    if (held > 0)
      throw new AppError(
        'resource.conflict',
        `${held} account${held === 1 ? '' : 's'} (disabled ones included) hold this role; give them another role first`,
        [{ field: 'member_count', message: String(held) }],
      );
    await markRoleRetired(trx, actor.tenantId, row.id, now);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'role.retired',
        subject: { type: 'custom_role', id: row.id },
        metadata: { name: row.name, reason },
      },
      trx,
    );
  });
  const retired = await findRole(ctx.db, actor.tenantId, row.id);
  return roleView(retired ?? row, 0);
}
