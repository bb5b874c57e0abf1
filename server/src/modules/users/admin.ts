import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { UsersTable } from '../../db/foundation-tables.js';
import { findUserById, revokeSession, revokeUserSessions } from '../../http/auth-store.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { getIdleMinutes, resetSecondFactor } from '../identity/public.js';
import { countAssignedIncidents } from '../incidents/public.js';
import { customRoleNames } from '../roles/public.js';
import { directoryRow } from './directory-row.js';
import {
  refuseLastOwner,
  refuseNonOwnerMakingOwner,
  refuseNonOwnerOnOwner,
  refuseSelf,
} from './owner-rules.js';
import { grantedRole, refuseGivingMore, refuseTargetHoldingMore } from './role-grant.js';
import { findSessionByPublicId, listUsers, liveSessionsOf, tenantSessions, updateUser } from './store.js';

/** Account administration rules (document 3, Users); routes pass plain values in. */

type Db = Kysely<Database>;

const AUDIT_VIEW = [
  'id',
  'email',
  'display_name',
  'role',
  'custom_role_id',
  'custom_role_name',
  'status',
  'department',
  'federated',
  'last_login_at',
  'created_at',
] as const;

/** GET /users: the full directory with users:write, the audit view with audit:read only. */
export async function directory(ctx: ServiceContext, actor: Principal) {
  const now = ctx.clock.now();
  const names = await customRoleNames(ctx.db, actor.tenantId);
  const rows = (await listUsers(ctx.db, actor.tenantId)).map((u) => directoryRow(u, now, names));
  if (actor.permissions.has('users:write')) return { items: rows };
  return { items: rows.map((r) => Object.fromEntries(AUDIT_VIEW.map((k) => [k, r[k]]))) };
}

async function target(db: Db, actor: Principal, userId: string): Promise<UsersTable> {
  const user = await findUserById(db, actor.tenantId, userId);
  if (!user) throw notFound('user');
  return user;
}

/** PATCH: an empty department clears it; no change records nothing; federated name is 409. */
export async function editProfile(
  context: ServiceContext,
  actor: Principal,
  userId: string,
  input: { display_name?: string; department?: string },
) {
  const { db, audit } = context;
  const now = context.clock.now();
  const ctx = auditContextFor(context);
  const user = await target(db, actor, userId);
  refuseNonOwnerOnOwner(actor, user);
  const next = {
    display_name: input.display_name === undefined ? user.display_name : input.display_name,
    department:
      input.department === undefined ? user.department : input.department === '' ? null : input.department,
  };
  if (user.federated === 1 && next.display_name !== user.display_name)
    throw new AppError('resource.conflict', "a federated account's display name comes from its provider");
  const changes: Record<string, { old: string | null; new: string | null }> = {};
  if (next.display_name !== user.display_name)
    changes.display_name = { old: user.display_name, new: next.display_name };
  if (next.department !== user.department)
    changes.department = { old: user.department, new: next.department };
  if (Object.keys(changes).length > 0) {
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, ctx.tenantId, user.id, next, now);
      await audit.write(
        ctx,
        { action: 'user.profile_changed', subject: { type: 'user', id: user.id }, metadata: { changes } },
        trx,
      );
    });
  }
  return directoryRow({ ...user, ...next }, now);
}

export async function changeRole(
  context: ServiceContext,
  actor: Principal,
  userId: string,
  input: { role: string; custom_role_id?: string },
) {
  const { db, audit } = context;
  const now = context.clock.now();
  const ctx = auditContextFor(context);
  const user = await target(db, actor, userId);
  refuseSelf(actor, user, 'change the role of');
  refuseNonOwnerOnOwner(actor, user);
  const granted = await grantedRole(db, actor, input);
  refuseNonOwnerMakingOwner(actor, granted.role);
  refuseGivingMore(actor, granted);
  await refuseTargetHoldingMore(db, actor, user);
  if (user.federated === 1)
    throw new AppError('resource.conflict', "a federated account's role is set by its identity provider");
  if (granted.role === user.role && granted.custom_role_id === user.custom_role_id)
    return directoryRow(user, now, await customRoleNames(db, ctx.tenantId));
  const change = { role: granted.role, custom_role_id: granted.custom_role_id };
  await db.transaction().execute(async (trx) => {
    if (granted.role !== 'owner') await refuseLastOwner(trx, ctx.tenantId, user);
    await updateUser(trx, ctx.tenantId, user.id, change, now);
    await audit.write(
      ctx,
      {
        action: 'user.role_changed',
        subject: { type: 'user', id: user.id },
        metadata: {
          old_role: user.role,
          new_role: granted.role,
          old_custom_role_id: user.custom_role_id,
          new_custom_role_id: granted.custom_role_id,
        },
      },
      trx,
    );
  });
  return directoryRow({ ...user, ...change }, now, await customRoleNames(db, ctx.tenantId));
}

/** Disable: sessions revoked, invitation cleared; the answer counts incidents still assigned. */
export async function disableUser(context: ServiceContext, actor: Principal, userId: string, reason: string) {
  const { db, audit } = context;
  const now = context.clock.now();
  const ctx = auditContextFor(context);
  const user = await target(db, actor, userId);
  refuseSelf(actor, user, 'disable');
  refuseNonOwnerOnOwner(actor, user);
  await refuseTargetHoldingMore(db, actor, user);
  if (user.status === 'disabled') throw new AppError('resource.conflict', 'the account is already disabled');
  const ended = await db.transaction().execute(async (trx) => {
    await refuseLastOwner(trx, ctx.tenantId, user);
    await updateUser(
      trx,
      ctx.tenantId,
      user.id,
      { status: 'disabled', invitation_hash: null, invitation_expires_at: null },
      now,
    );
    const n = await revokeUserSessions(trx, ctx.tenantId, user.id, 'disabled', now);
    await audit.write(
      ctx,
      {
        action: 'user.disabled',
        subject: { type: 'user', id: user.id },
        metadata: { reason, sessions_ended: n },
      },
      trx,
    );
    return n;
  });
  const row = directoryRow(
    { ...user, status: 'disabled', invitation_hash: null, invitation_expires_at: null },
    now,
  );
  return {
    ...row,
    sessions_ended: ended,
    incidents_still_assigned: await countAssignedIncidents(db, ctx.tenantId, user.id),
  };
}

export async function enableUser(context: ServiceContext, actor: Principal, userId: string, reason: string) {
  const { db, audit } = context;
  const now = context.clock.now();
  const ctx = auditContextFor(context);
  const user = await target(db, actor, userId);
  refuseSelf(actor, user, 'enable');
  refuseNonOwnerOnOwner(actor, user);
  if (user.status !== 'disabled') throw new AppError('resource.conflict', 'the account is not disabled');
  // An account that never set a password goes back to invited (a new invitation is needed).
  const status = user.password_hash === null && user.federated === 0 ? 'invited' : 'active';
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, ctx.tenantId, user.id, { status }, now);
    await audit.write(
      ctx,
      { action: 'user.enabled', subject: { type: 'user', id: user.id }, metadata: { reason } },
      trx,
    );
  });
  return directoryRow({ ...user, status }, now);
}

function sessionView(s: {
  public_id: string;
  created_at: string;
  expires_at: string;
  source_ip: string | null;
  user_agent: string | null;
}) {
  return {
    public_id: s.public_id,
    issued_at: s.created_at,
    expires_at: s.expires_at,
    source_ip: s.source_ip,
    user_agent: s.user_agent,
  };
}

export async function sessionsOf(ctx: ServiceContext, actor: Principal, userId: string) {
  const user = await target(ctx.db, actor, userId);
  return { items: (await liveSessionsOf(ctx.db, actor.tenantId, user.id, ctx.clock.now())).map(sessionView) };
}

/** GET /users/sessions: refused to endpoint-group-scoped roles (document 3). */
export async function allSessions(ctx: ServiceContext, actor: Principal, limit: number, offset: number) {
  const { db } = ctx;
  const now = ctx.clock.now();
  if (Array.isArray(actor.incidentScope))
    throw new AppError('auth.forbidden', 'the sessions listing is not open to endpoint-group-scoped roles');
  const idle = await getIdleMinutes(db, actor.tenantId);
  const { total, items } = await tenantSessions(
    db,
    actor.tenantId,
    now,
    new Date(now.getTime() - idle * 60_000),
    limit,
    offset,
  );
  return {
    total,
    limit,
    offset,
    items: items.map((s) => ({
      public_id: s.public_id,
      user_id: s.user_id,
      display_name: s.display_name,
      email: s.email,
      role: s.role,
      identity_source: s.auth_method,
      last_activity_at: s.last_activity_at,
      source_ip: s.source_ip,
      browser: s.user_agent,
      current_session: s.session_id === actor.sessionId,
    })),
  };
}

export async function revokeUserSession(
  context: ServiceContext,
  actor: Principal,
  userId: string,
  publicId: string,
) {
  const { db, audit } = context;
  const now = context.clock.now();
  const ctx = auditContextFor(context);
  const user = await target(db, actor, userId);
  refuseSelf(actor, user, 'revoke sessions of');
  refuseNonOwnerOnOwner(actor, user);
  const session = await findSessionByPublicId(db, ctx.tenantId, user.id, publicId);
  if (!session) throw notFound('session');
  await db.transaction().execute(async (trx) => {
    await revokeSession(trx, ctx.tenantId, session.id, 'revoked', now);
    await audit.write(
      ctx,
      {
        action: 'user.session_revoked',
        subject: { type: 'user', id: user.id },
        metadata: { session_public_id: session.public_id },
      },
      trx,
    );
  });
  return { revoked: true as const };
}

/** DELETE /users/{id}/second-factor: 409 on one's own account, 403 for a non-Owner on an Owner. */
export async function resetUserSecondFactor(ctx: ServiceContext, actor: Principal, userId: string) {
  const user = await target(ctx.db, actor, userId);
  refuseSelf(actor, user, 'reset the second factor of');
  refuseNonOwnerOnOwner(actor, user);
  await resetSecondFactor(ctx, user.id);
}
