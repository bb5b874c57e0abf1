import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { syncAccount } from './account-sync.js';
import type { Json } from './attributes.js';
import { paging, parseEqFilter } from './filter.js';
import { applyGroupPatch, type GroupModel, groupFromBody } from './group-model.js';
import {
  addMembers,
  deleteGroup as deleteGroupRows,
  findGroup,
  insertGroup,
  knownUserIds,
  listGroups as listGroupRows,
  memberIds,
  membersOf,
  removeMembers,
  updateGroup,
} from './group-store.js';
import { groupResource } from './resources.js';
import { patchOperations } from './user-model.js';
import type { ScimParts } from './users.js';

type Trx = Transaction<Database>;
const GROUP_FILTERS = ['displayName', 'externalId'] as const;

function tenantOf(ctx: ServiceContext): string {
  return auditContextFor(ctx).tenantId;
}

async function groupOr404(ctx: ServiceContext, id: string) {
  const group = await findGroup(ctx.db, tenantOf(ctx), id);
  if (!group) throw notFound('Group');
  return group;
}

export async function listGroups(
  ctx: ServiceContext,
  parts: ScimParts,
  query: {
    filter?: string | undefined;
    startIndex?: number | undefined;
    count?: number | undefined;
    excludedAttributes?: string | undefined;
  },
) {
  const filter = parseEqFilter(query.filter, GROUP_FILTERS);
  const page = paging(query.startIndex, query.count);
  const { total, items } = await listGroupRows(ctx.db, tenantOf(ctx), filter, page.offset, page.limit);
  const withMembers = !excludesMembers(query.excludedAttributes);
  const members = withMembers
    ? await membersOf(
        ctx.db,
        tenantOf(ctx),
        items.map((g) => g.id),
      )
    : [];
  return {
    total,
    start: page.start,
    resources: items.map((g) =>
      groupResource(g, withMembers ? members.filter((m) => m.group_id === g.id) : null, parts.basePath),
    ),
  };
}

export function excludesMembers(excluded: string | undefined): boolean {
  return (excluded ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .includes('members');
}

export async function getGroup(ctx: ServiceContext, parts: ScimParts, id: string, excluded?: string) {
  const group = await groupOr404(ctx, id);
  const members = excludesMembers(excluded) ? null : await membersOf(ctx.db, tenantOf(ctx), [id]);
  return groupResource(group, members, parts.basePath);
}

/**
 * Stores the group's new state and brings every account whose groups changed (or, on a rename,
 * every member) in line with the mappings. Unknown member ids are ignored.
 */
async function saveGroup(
  ctx: ServiceContext,
  parts: ScimParts,
  trx: Trx,
  id: string,
  before: GroupModel | null,
  after: GroupModel,
) {
  const tenantId = tenantOf(ctx);
  const now = ctx.clock.now().toISOString();
  const wanted = new Set(await knownUserIds(trx, tenantId, [...new Set(after.members)]));
  const had = new Set(before?.members ?? []);
  const added = [...wanted].filter((m) => !had.has(m));
  const removed = [...had].filter((m) => !wanted.has(m));
  if (before === null)
    await insertGroup(trx, {
      id,
      tenant_id: tenantId,
      display_name: after.displayName,
      external_id: after.externalId,
      created_at: now,
      updated_at: now,
    });
  else
    await updateGroup(trx, tenantId, id, {
      display_name: after.displayName,
      external_id: after.externalId,
      updated_at: now,
    });
  await addMembers(trx, tenantId, id, added);
  await removeMembers(trx, tenantId, id, removed);
  const renamed =
    before !== null && (before.displayName !== after.displayName || before.externalId !== after.externalId);
  const touched = renamed ? new Set([...had, ...wanted]) : new Set([...added, ...removed]);
  await ctx.audit.write(
    auditContextFor(ctx),
    {
      action: before === null ? 'scim.group_created' : 'scim.group_updated',
      subject: { type: 'scim_group', id },
      metadata: { scim_id: id, added, removed, member_count: wanted.size },
    },
    trx,
  );
  for (const userId of touched) await syncAccount(ctx, trx, parts.mappings, userId);
}

export async function createGroup(ctx: ServiceContext, parts: ScimParts, body: Json) {
  const model = groupFromBody(body);
  const id = randomUUID();
  await ctx.db.transaction().execute((trx) => saveGroup(ctx, parts, trx, id, null, model));
  return getGroup(ctx, parts, id);
}

async function currentModel(ctx: ServiceContext, trx: Trx, id: string): Promise<GroupModel> {
  const group = await findGroup(trx, tenantOf(ctx), id);
  if (!group) throw notFound('Group');
  return {
    displayName: group.display_name,
    externalId: group.external_id,
    members: await memberIds(trx, tenantOf(ctx), id),
  };
}

export async function replaceGroup(ctx: ServiceContext, parts: ScimParts, id: string, body: Json) {
  const model = groupFromBody(body);
  await ctx.db.transaction().execute(async (trx) => {
    await saveGroup(ctx, parts, trx, id, await currentModel(ctx, trx, id), model);
  });
  return getGroup(ctx, parts, id);
}

export async function patchGroup(
  ctx: ServiceContext,
  parts: ScimParts,
  id: string,
  body: Json,
): Promise<void> {
  const operations = patchOperations(body);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await currentModel(ctx, trx, id);
    await saveGroup(ctx, parts, trx, id, before, applyGroupPatch(before, operations));
  });
}

/** DELETE: the group goes; its former members' roles are recomputed without it. */
export async function deleteGroup(ctx: ServiceContext, parts: ScimParts, id: string): Promise<void> {
  const tenantId = tenantOf(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await currentModel(ctx, trx, id);
    await deleteGroupRows(trx, tenantId, id);
    await ctx.audit.write(
      auditContextFor(ctx),
      { action: 'scim.group_deleted', subject: { type: 'scim_group', id }, metadata: { scim_id: id } },
      trx,
    );
    for (const userId of before.members) await syncAccount(ctx, trx, parts.mappings, userId);
  });
}
