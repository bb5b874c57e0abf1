import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import type { Permission } from '../../http/permissions.js';
import { auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import { findTeam, listTeams, nameKey, teamIdsOfUser } from '../teams/public.js';
import { orderedViews, type Surface, scopeOf, type ViewState, type Visibility, viewOf } from './shape.js';
import {
  clearDefault,
  countOwnedViews,
  deleteViewRow,
  findViewRow,
  insertView,
  markViewUsed,
  setDefaultScope,
  visibleViewRows,
} from './store.js';
import type { SavedViewsTable } from './tables.js';

/** Document 2: a view's state is at most 4096 bytes (its JSON, UTF-8). */
export const STATE_MAX_BYTES = 4096;
/** Views one person may own on one surface (docs/saved-views.md; the spec gives no figure). */
export const OWNED_VIEWS_MAX = 100;

type Db = Kysely<Database> | Transaction<Database>;
type Permissions = ReadonlySet<Permission>;

/** The caller's teams, in name order (id → name). */
async function callerTeams(db: Db, tenantId: string, userId: string) {
  const ids = new Set(await teamIdsOfUser(db, tenantId, userId));
  const all = await listTeams(db, tenantId);
  return new Map(all.filter((t) => ids.has(t.id)).map((t) => [t.id, t.name]));
}

async function seen(db: Db, tenantId: string, userId: string, surface: string) {
  const teams = await callerTeams(db, tenantId, userId);
  const rows = await visibleViewRows(db, tenantId, surface, userId, [...teams.keys()]);
  return { teams, rows };
}

/** A view the caller sees, or the identical 404 (missing, another tenant's, or not visible). */
async function visibleView(db: Db, tenantId: string, userId: string, id: string) {
  const row = await findViewRow(db, tenantId, id);
  if (!row) throw notFound('saved view');
  const { teams, rows } = await seen(db, tenantId, userId, row.surface);
  if (!rows.some((r) => r.id === id)) throw notFound('saved view');
  return { row, teams };
}

/** Own and own team's views are managed by whoever sees them; organisation views need tenant:write. */
function mayManage(row: SavedViewsTable, permissions: Permissions) {
  if (row.visibility === 'organisation' && !permissions.has('tenant:write'))
    throw new AppError('auth.forbidden', 'an organisation view is managed with tenant:write');
}

export async function listSavedViews(ctx: ServiceContext, surface: Surface) {
  const { tenantId } = auditContextFor(ctx);
  const me = userIdOf(ctx);
  const { teams, rows } = await seen(ctx.db, tenantId, me, surface);
  return { items: orderedViews(rows, me, teams) };
}

export interface NewView {
  surface: Surface;
  name: string;
  state: ViewState;
  visibility: Visibility;
  team_id?: string;
}

function checkInput(input: NewView) {
  if (input.visibility === 'team' && input.team_id === undefined)
    throw fieldError('team_id', 'is required for team visibility');
  if (input.visibility !== 'team' && input.team_id !== undefined)
    throw fieldError('team_id', 'is only given with team visibility');
  const names = input.state.filters.map((f) => f.name);
  const repeated = names.findIndex((n, i) => names.indexOf(n) !== i);
  if (repeated >= 0) throw fieldError(`state.filters[${repeated}].name`, 'repeats an earlier filter');
  if (Buffer.byteLength(JSON.stringify(input.state), 'utf8') > STATE_MAX_BYTES)
    throw fieldError('state', `is larger than ${STATE_MAX_BYTES} bytes`);
  const name = input.name.trim();
  if (name === '') throw fieldError('name', 'must not be blank');
  return name;
}

export async function createSavedView(ctx: ServiceContext, permissions: Permissions, input: NewView) {
  const audit = auditContextFor(ctx);
  const me = userIdOf(ctx);
  const now = ctx.clock.now();
  const name = checkInput(input);
  if (input.visibility === 'organisation' && !permissions.has('tenant:write'))
    throw new AppError('auth.forbidden', 'an organisation view needs tenant:write');
  const row: SavedViewsTable = {
    id: randomUUID(),
    tenant_id: audit.tenantId,
    surface: input.surface,
    name,
    name_key: nameKey(name),
    state: JSON.stringify({
      filters: input.state.filters,
      sort: input.state.sort ?? null,
      columns: input.state.columns ?? [],
    }),
    visibility: input.visibility,
    team_id: input.team_id ?? null,
    owner_id: me,
    default_scope: null,
    created_at: now.toISOString(),
    last_used_at: null,
  };
  const teams = await ctx.db.transaction().execute(async (trx) => {
    if (input.team_id !== undefined) {
      if (!(await findTeam(trx, audit.tenantId, input.team_id)))
        throw fieldError('team_id', 'is not a team of this organisation');
      if (!(await teamIdsOfUser(trx, audit.tenantId, me)).includes(input.team_id))
        throw new AppError(
          'saved_view.team_membership_required',
          'a team view is saved by a member of the team',
        );
    }
    const { teams, rows } = await seen(trx, audit.tenantId, me, input.surface);
    if (rows.some((r) => r.name_key === row.name_key))
      throw new AppError('saved_view.name_taken', 'a view of that name is already in your list', [
        { field: 'name', message: 'is the name of a view you see on this surface (compared without case)' },
      ]);
    if ((await countOwnedViews(trx, audit.tenantId, input.surface, me)) >= OWNED_VIEWS_MAX)
      throw new AppError('saved_view.limit', `you already own ${OWNED_VIEWS_MAX} views on this surface`);
    await insertView(trx, row);
    await ctx.audit.write(
      audit,
      {
        action: 'saved_view.created',
        subject: { type: 'saved_view', id: row.id },
        metadata: { name, surface: row.surface, visibility: row.visibility, team_id: row.team_id },
      },
      trx,
    );
    return teams;
  });
  return viewOf(row, me, teams, false);
}

export async function deleteSavedView(ctx: ServiceContext, permissions: Permissions, id: string) {
  const audit = auditContextFor(ctx);
  const me = userIdOf(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const { row } = await visibleView(trx, audit.tenantId, me, id);
    mayManage(row, permissions);
    await deleteViewRow(trx, audit.tenantId, id);
    await ctx.audit.write(
      audit,
      {
        action: 'saved_view.deleted',
        subject: { type: 'saved_view', id },
        metadata: { name: row.name, surface: row.surface, visibility: row.visibility, team_id: row.team_id },
      },
      trx,
    );
  });
}

/** One default per organisation and per team on each surface; a personal view is never one. */
export async function setSavedViewDefault(
  ctx: ServiceContext,
  permissions: Permissions,
  id: string,
  on: boolean,
) {
  const audit = auditContextFor(ctx);
  const me = userIdOf(ctx);
  const change = ctx.db.transaction().execute(async (trx) => {
    const { row } = await visibleView(trx, audit.tenantId, me, id);
    const scope = scopeOf(row);
    if (scope === null)
      throw new AppError('saved_view.personal_default', 'a personal view cannot be a default', [
        { field: 'default', message: 'applies to organisation and team views only' },
      ]);
    mayManage(row, permissions);
    if ((row.default_scope !== null) === on) return row.surface;
    const replaced = on ? await clearDefault(trx, audit.tenantId, row.surface, scope) : null;
    await setDefaultScope(trx, audit.tenantId, id, on ? scope : null);
    await ctx.audit.write(
      audit,
      {
        action: on ? 'saved_view.default_set' : 'saved_view.default_cleared',
        subject: { type: 'saved_view', id },
        metadata: { surface: row.surface, visibility: row.visibility, team_id: row.team_id, replaced },
      },
      trx,
    );
    return row.surface;
  });
  const surface = await change.catch((error: unknown) => {
    // Two defaults set at once in one scope: the unique index admits one; the other is told so.
    if (isUniqueViolation(error))
      throw new AppError('resource.conflict', 'another default of this scope was set meanwhile; try again');
    throw error;
  });
  const list = await listSavedViews(ctx, surface as Surface);
  const view = list.items.find((v) => v.id === id);
  if (!view) throw notFound('saved view');
  return view;
}

/** Opening a view is audited (document 2); nothing but the time of use changes. */
export async function useSavedView(ctx: ServiceContext, id: string) {
  const audit = auditContextFor(ctx);
  const me = userIdOf(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const { row } = await visibleView(trx, audit.tenantId, me, id);
    await markViewUsed(trx, audit.tenantId, id, now);
    await ctx.audit.write(
      audit,
      {
        action: 'saved_view.used',
        subject: { type: 'saved_view', id },
        metadata: { surface: row.surface, visibility: row.visibility },
      },
      trx,
    );
  });
  return { id, used_at: now.toISOString() };
}
