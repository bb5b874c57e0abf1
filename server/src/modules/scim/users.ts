import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { findUserByEmail, insertUser, revokeUserSessions } from '../../http/auth-store.js';
import { AppError, notFound } from '../../http/errors.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import type { SsoMappings } from '../sso/public.js';
import { allowedDomains, updateAccount } from '../users/public.js';
import { syncAccount } from './account-sync.js';
import { accountAddress, invalidValue, type Json } from './attributes.js';
import { paging, parseEqFilter } from './filter.js';
import { leaveAllGroups } from './group-store.js';
import { modelOf, userResource } from './resources.js';
import { applyUserPatch, patchOperations, type UserModel, userFromBody } from './user-model.js';
import {
  closedByEarlierLink,
  findLiveUser,
  insertScimUser,
  type LinkedUser,
  listLiveUsers,
  liveLinkByUserName,
  liveLinkOfAccount,
  updateScimUser,
} from './user-store.js';

/** What every SCIM service needs besides the context: the tenant's mappings and the base URL. */
export interface ScimParts {
  mappings: SsoMappings;
  basePath: string;
}

type Trx = Transaction<Database>;

const USER_FILTERS = ['userName', 'emails.value', 'externalId'] as const;

function tenantOf(ctx: ServiceContext): string {
  return auditContextFor(ctx).tenantId;
}

function taken(what: string): AppError {
  return new AppError('scim.uniqueness', `${what} belongs to another provisioned user`);
}

/** Document 3: SCIM writes aimed at an Owner are 403; the refusal is audited (nothing changes). */
async function refuseOwner(ctx: ServiceContext, link: LinkedUser): Promise<void> {
  if (link.role !== 'owner') return;
  await ctx.audit.write(auditContextFor(ctx), {
    action: 'scim.owner_write_refused',
    subject: { type: 'user', id: link.user_id },
    metadata: { scim_id: link.id, refusal_code: 'auth.forbidden' },
  });
  throw new AppError('auth.forbidden', 'provisioning does not change an Owner');
}

async function liveOr404(
  ctx: ServiceContext,
  trx: Trx | ServiceContext['db'],
  id: string,
): Promise<LinkedUser> {
  const link = await findLiveUser(trx, tenantOf(ctx), id);
  if (!link) throw notFound('User');
  return link;
}

function displayNameOf(m: UserModel): string | null {
  const joined = [m.givenName, m.familyName].filter((x) => x !== null).join(' ');
  return m.displayName ?? m.formatted ?? (joined === '' ? null : joined);
}

async function checkDomain(ctx: ServiceContext, address: string): Promise<void> {
  const domains = await allowedDomains(ctx.db, tenantOf(ctx));
  if (domains.size > 0 && !domains.has(address.split('@')[1] ?? ''))
    throw invalidValue("the address is outside the tenant's allowed domains");
}

function linkColumns(m: UserModel) {
  return {
    user_name: m.userName,
    user_name_key: m.userName.toLowerCase(),
    external_id: m.externalId,
    given_name: m.givenName,
    family_name: m.familyName,
    formatted_name: m.formatted,
    emails: JSON.stringify(m.emails),
  };
}

export async function listUsers(
  ctx: ServiceContext,
  parts: ScimParts,
  query: { filter?: string | undefined; startIndex?: number | undefined; count?: number | undefined },
) {
  const filter = parseEqFilter(query.filter, USER_FILTERS);
  const page = paging(query.startIndex, query.count);
  const { total, items } = await listLiveUsers(ctx.db, tenantOf(ctx), filter, page.offset, page.limit);
  return { total, start: page.start, resources: items.map((l) => userResource(l, parts.basePath)) };
}

export async function getUser(ctx: ServiceContext, parts: ScimParts, id: string) {
  return userResource(await liveOr404(ctx, ctx.db, id), parts.basePath);
}

/**
 * POST /Users: an existing account with the address is adopted (never an Owner: 409); otherwise a
 * federated account is created, disabled until a group maps a role (document 3).
 */
export async function createUser(ctx: ServiceContext, parts: ScimParts, body: Json) {
  const model = userFromBody(body);
  const address = accountAddress(model.emails, model.userName);
  await checkDomain(ctx, address);
  const tenantId = tenantOf(ctx);
  const now = ctx.clock.now();
  const id = randomUUID();
  await uniquely(ctx, async (trx) => {
    if (await liveLinkByUserName(trx, tenantId, model.userName.toLowerCase())) throw taken('the userName');
    const existing = await findUserByEmail(trx, tenantId, address);
    if (existing?.role === 'owner')
      throw new AppError('resource.conflict', 'an Owner account is not adopted by provisioning');
    if (existing && (await liveLinkOfAccount(trx, tenantId, existing.id))) throw taken('the address');
    const account =
      existing ??
      (await insertUser(
        trx,
        tenantId,
        {
          email: address,
          role: 'viewer',
          status: 'disabled',
          displayName: displayNameOf(model),
          federated: true,
          department: model.department,
        },
        now,
      ));
    if (existing)
      await updateAccount(
        trx,
        tenantId,
        existing.id,
        { federated: 1, display_name: displayNameOf(model), department: model.department },
        now,
      );
    const closed = existing
      ? existing.status === 'disabled' && (await closedByEarlierLink(trx, tenantId, existing.id))
      : true;
    await insertScimUser(trx, {
      id,
      tenant_id: tenantId,
      user_id: account.id,
      ...linkColumns(model),
      active: model.active === false ? 0 : 1,
      closed_by_scim: closed ? 1 : 0,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      released_at: null,
    });
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: existing ? 'scim.user_adopted' : 'scim.user_created',
        subject: { type: 'user', id: account.id },
        metadata: { scim_id: id },
      },
      trx,
    );
    await syncAccount(ctx, trx, parts.mappings, id);
  });
  return getUser(ctx, parts, id);
}

/**
 * One transaction whose unique indexes a concurrent request may still trip (userName, address):
 * that answers 409 uniqueness, as the checks before it would have.
 */
async function uniquely(ctx: ServiceContext, work: (trx: Trx) => Promise<void>): Promise<void> {
  try {
    await ctx.db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken('the userName or the address');
    throw error;
  }
}

/** The stored attributes a PUT or PATCH changes; none changed records nothing. */
function changedFields(link: LinkedUser, next: UserModel): string[] {
  const before = modelOf(link);
  const active = next.active === undefined ? before.active : next.active;
  const differs: [string, boolean][] = [
    ['userName', before.userName !== next.userName],
    ['externalId', before.externalId !== next.externalId],
    [
      'name',
      before.givenName !== next.givenName ||
        before.familyName !== next.familyName ||
        before.formatted !== next.formatted,
    ],
    ['displayName', link.display_name !== displayNameOf(next)],
    ['emails', JSON.stringify(before.emails) !== JSON.stringify(next.emails)],
    ['department', before.department !== next.department],
    ['active', active !== before.active],
  ];
  return differs.filter(([, d]) => d).map(([f]) => f);
}

/** PUT and PATCH end here: the new attributes are stored, the account follows. */
async function saveUser(ctx: ServiceContext, parts: ScimParts, link: LinkedUser, model: UserModel) {
  const tenantId = tenantOf(ctx);
  const now = ctx.clock.now();
  const address = accountAddress(model.emails, model.userName);
  if (address !== link.email) await checkDomain(ctx, address);
  const changed = changedFields(link, model);
  await uniquely(ctx, async (trx) => {
    const holder = await liveLinkByUserName(trx, tenantId, model.userName.toLowerCase());
    if (holder && holder.id !== link.id) throw taken('the userName');
    if (address !== link.email) {
      const other = await findUserByEmail(trx, tenantId, address);
      if (other && other.id !== link.user_id) throw taken('the address');
    }
    if (changed.length > 0) {
      await updateAccount(
        trx,
        tenantId,
        link.user_id,
        { email: address, display_name: displayNameOf(model), department: model.department },
        now,
      );
      const active = model.active === undefined ? link.active : model.active ? 1 : 0;
      await updateScimUser(trx, tenantId, link.id, {
        ...linkColumns(model),
        active,
        updated_at: now.toISOString(),
      });
      await ctx.audit.write(
        auditContextFor(ctx),
        {
          action: 'scim.user_updated',
          subject: { type: 'user', id: link.user_id },
          metadata: { scim_id: link.id, changed_fields: changed },
        },
        trx,
      );
    }
    await syncAccount(ctx, trx, parts.mappings, link.id);
  });
}

export async function replaceUser(ctx: ServiceContext, parts: ScimParts, id: string, body: Json) {
  const link = await liveOr404(ctx, ctx.db, id);
  await refuseOwner(ctx, link);
  await saveUser(ctx, parts, link, userFromBody(body));
  return getUser(ctx, parts, id);
}

export async function patchUser(
  ctx: ServiceContext,
  parts: ScimParts,
  id: string,
  body: Json,
): Promise<void> {
  const link = await liveOr404(ctx, ctx.db, id);
  await refuseOwner(ctx, link);
  await saveUser(ctx, parts, link, applyUserPatch(modelOf(link), patchOperations(body)));
}

/** DELETE: the account is disabled (sessions end), leaves its groups and is released (404 after). */
export async function deleteUser(ctx: ServiceContext, id: string): Promise<void> {
  const tenantId = tenantOf(ctx);
  const now = ctx.clock.now();
  const link = await liveOr404(ctx, ctx.db, id);
  await refuseOwner(ctx, link);
  await ctx.db.transaction().execute(async (trx) => {
    const audit = auditContextFor(ctx);
    const subject = { type: 'user', id: link.user_id };
    let closed = link.closed_by_scim;
    if (link.status !== 'disabled') {
      await updateAccount(
        trx,
        tenantId,
        link.user_id,
        { status: 'disabled', invitation_hash: null, invitation_expires_at: null },
        now,
      );
      const ended = await revokeUserSessions(trx, tenantId, link.user_id, 'disabled', now);
      closed = 1;
      await ctx.audit.write(
        audit,
        {
          action: 'user.disabled',
          subject,
          metadata: { reason: 'provisioning: deleted', sessions_ended: ended },
        },
        trx,
      );
    }
    const groups = await leaveAllGroups(trx, tenantId, link.id);
    await updateScimUser(trx, tenantId, link.id, {
      closed_by_scim: closed,
      released_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    await ctx.audit.write(
      audit,
      { action: 'scim.user_deleted', subject, metadata: { scim_id: link.id, groups_left: groups } },
      trx,
    );
  });
}
