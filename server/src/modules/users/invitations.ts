import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { UsersTable } from '../../db/foundation-tables.js';
import {
  findUserByEmail,
  findUserById,
  insertSession,
  insertUser,
  revokeUserSessions,
} from '../../http/auth-store.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { hashPassword } from '../../http/passwords.js';
import type { Principal } from '../../http/principal.js';

import { mintSecret, sha256Hex, TOKEN_PREFIX } from '../../http/tokens.js';
import { actingAs, auditContextFor, type ServiceContext } from '../../service-context.js';
import { enforcePasswordRule } from '../identity/public.js';
import { findTenantById } from '../tenants/public.js';
import { refuseNonOwnerMakingOwner, refuseNonOwnerOnOwner } from './owner-rules.js';
import { grantedRole, refuseGivingMore } from './role-grant.js';
import {
  findReset,
  findUserByInvitationHash,
  insertReset,
  ownerDomains,
  redeemInvitation,
  setPassword,
  spendReset,
  updateUser,
} from './store.js';

/** Document 3: invitations last seven days, reset links 24 hours; both single use, SHA-256 stored. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 24 * 60 * 60 * 1000;

type Db = Kysely<Database>;

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/** Document 3: malformed, unknown, expired and used invitations or links are the same 401. */
function unusable(): AppError {
  return new AppError('auth.unauthenticated', 'the invitation or link is not valid; ask for a new one');
}

/** Longer than any minted secret (prefix + 43 base64url characters) by a wide margin. */
const SECRET_MAX = 200;

/** The secret when it has the shape this server mints; anything else is the same 401. */
function wellFormed(value: unknown, prefix: string): string {
  if (typeof value !== 'string' || value.length > SECRET_MAX || !value.startsWith(prefix)) throw unusable();
  return value;
}

/** The console carries the secret in the URL fragment (document 3, Authentication). */
function consoleLink(config: Config, page: 'accept-invitation' | 'reset-password', secret: string): string {
  return `${config.publicUrl.replace(/\/$/, '')}/${page}#${secret}`;
}

export interface InviteInput {
  email: string;
  role: string;
  display_name?: string;
  department?: string;
  outside_domain_confirmed?: boolean;
  custom_role_id?: string;
}

export async function inviteUser(context: ServiceContext, actor: Principal, input: InviteInput) {
  const { db, audit } = context;
  const now = context.clock.now();
  const ctx = auditContextFor(context);
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw fieldError('email', 'must be an e-mail address');
  const granted = await grantedRole(db, actor, input);
  refuseNonOwnerMakingOwner(actor, granted.role);
  refuseGivingMore(actor, granted);
  if (await findUserByEmail(db, ctx.tenantId, email))
    throw new AppError('resource.conflict', 'an account with that e-mail address exists in this tenant');
  // Document 3, invitation domain rule: judged against the active Owners' domains (no identity
  // provider exists yet); a tenant with no domains decides nothing.
  const domains = await ownerDomains(db, ctx.tenantId);
  const outside = domains.size > 0 && !domains.has(email.split('@')[1] ?? '');
  if (outside) {
    if (actor.role !== 'owner')
      throw new AppError('auth.forbidden', "only an Owner may invite outside the tenant's domains");
    if (input.outside_domain_confirmed !== true)
      throw fieldError(
        'outside_domain_confirmed',
        "the address is outside the tenant's domains; confirm with true",
      );
  }
  const invitation = mintSecret(TOKEN_PREFIX.invitation);
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const user = await db.transaction().execute(async (trx) => {
    const row = await insertUser(
      trx,
      ctx.tenantId,
      {
        email,
        role: granted.role,
        customRoleId: granted.custom_role_id,
        status: 'invited',
        displayName: input.display_name ?? null,
        department: input.department ? input.department : null,
        invitationHash: sha256Hex(invitation),
        invitationExpiresAt: expiresAt,
      },
      now,
    );
    await audit.write(
      ctx,
      {
        action: 'user.invited',
        subject: { type: 'user', id: row.id },
        metadata: {
          role: granted.role,
          new_custom_role_id: granted.custom_role_id,
          outside_tenant_domains: outside,
        },
      },
      trx,
    );
    return row;
  });
  return { user_id: user.id, invitation, expires_at: expiresAt.toISOString() };
}

async function passwordContext(db: Db, user: UsersTable) {
  const tenant = await findTenantById(db, user.tenant_id);
  return { email: user.email, tenantSlug: tenant?.slug ?? '', tenantName: tenant?.name ?? '' };
}

/** Accept-invitation: the invitation is proved first, then the password rule applies. */
export async function acceptInvitation(
  context: ServiceContext,
  input: { invitation?: unknown; password: string; sourceIp: string | null; userAgent: string | null },
) {
  const { db } = context;
  const now = context.clock.now();
  const hash = sha256Hex(wellFormed(input.invitation, TOKEN_PREFIX.invitation));
  const user = await findUserByInvitationHash(db, hash);
  const expiresAt = user?.status === 'invited' ? user.invitation_expires_at : null;
  if (!user || expiresAt === null || Date.parse(expiresAt) <= now.getTime()) throw unusable();
  enforcePasswordRule(input.password, await passwordContext(db, user));
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    if (!(await redeemInvitation(trx, user.tenant_id, user.id, hash, passwordHash, now))) throw unusable();
    const { token, session } = await insertSession(
      trx,
      user.tenant_id,
      { userId: user.id, authMethod: 'password', sourceIp: input.sourceIp, userAgent: input.userAgent },
      now,
    );
    return { token, session, user: { ...user, status: 'active' as const } };
  });
}

async function targetFor(db: Db, actor: Principal, userId: string): Promise<UsersTable> {
  const user = await findUserById(db, actor.tenantId, userId);
  if (!user) throw notFound('user');
  refuseNonOwnerOnOwner(actor, user);
  return user;
}

/** Reinvite: a new seven-day invitation; the old one stops working; 409 if a password is set. */
export async function reinviteUser(
  context: ServiceContext,
  config: Config,
  actor: Principal,
  userId: string,
) {
  const { db, audit } = context;
  const now = context.clock.now();
  const ctx = auditContextFor(context);
  const user = await targetFor(db, actor, userId);
  if (user.password_hash !== null || user.status !== 'invited')
    throw new AppError(
      'resource.conflict',
      'the account already has a password; send a password reset instead',
    );
  if (user.federated === 1)
    throw new AppError('resource.conflict', 'a federated account signs in at its provider');
  const invitation = mintSecret(TOKEN_PREFIX.invitation);
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await db.transaction().execute(async (trx) => {
    await updateUser(
      trx,
      ctx.tenantId,
      user.id,
      { invitation_hash: sha256Hex(invitation), invitation_expires_at: expiresAt.toISOString() },
      now,
    );
    await audit.write(
      ctx,
      { action: 'user.invitation_reissued', subject: { type: 'user', id: user.id } },
      trx,
    );
  });
  return {
    user: user.id,
    link: consoleLink(config, 'accept-invitation', invitation),
    expires_at: expiresAt.toISOString(),
  };
}

/** Password-reset link: 24 hours; refused for disabled and federated accounts (409). */
export async function issueReset(context: ServiceContext, config: Config, actor: Principal, userId: string) {
  return mintReset(context, config, await targetFor(context.db, actor, userId));
}

/**
 * The reset link itself, shared by the route and the operator's `dlp-server owner reset`: only
 * the SHA-256 is stored, the audit entry names the account and never the link.
 */
export async function mintReset(
  context: ServiceContext,
  config: Config,
  user: UsersTable,
  metadata?: Record<string, unknown>,
) {
  const { db, audit } = context;
  const now = context.clock.now();
  const ctx = auditContextFor(context);
  if (user.status === 'disabled' || user.federated === 1)
    throw new AppError('resource.conflict', 'no reset link for a disabled or federated account');
  const secret = mintSecret(TOKEN_PREFIX.reset);
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
  await db.transaction().execute(async (trx) => {
    await insertReset(trx, ctx.tenantId, user.id, sha256Hex(secret), expiresAt, now);
    await audit.write(
      ctx,
      {
        action: 'user.password_reset_issued',
        subject: { type: 'user', id: user.id },
        ...(metadata ? { metadata } : {}),
      },
      trx,
    );
  });
  return {
    user: user.id,
    link: consoleLink(config, 'reset-password', secret),
    expires_at: expiresAt.toISOString(),
  };
}

/** Redeeming sets the password, ends every session and opens none (document 3). */
export async function redeemReset(context: ServiceContext, input: { reset?: unknown; password: string }) {
  const { db, audit } = context;
  const now = context.clock.now();
  const row = await findReset(db, sha256Hex(wellFormed(input.reset, TOKEN_PREFIX.reset)));
  if (!row || row.used_at !== null || Date.parse(row.expires_at) <= now.getTime()) throw unusable();
  const user = await findUserById(db, row.tenant_id, row.user_id);
  if (!user || user.status === 'disabled' || user.federated === 1) throw unusable();
  enforcePasswordRule(input.password, await passwordContext(db, user));
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    if (!(await spendReset(trx, row.tenant_id, row.id, now))) throw unusable();
    await setPassword(trx, row.tenant_id, user.id, passwordHash, now);
    const ended = await revokeUserSessions(trx, row.tenant_id, user.id, 'password_reset', now);
    await audit.write(
      auditContextFor(actingAs(context, user)),
      {
        action: 'user.password_reset_redeemed',
        subject: { type: 'user', id: user.id },
        metadata: { sessions_ended: ended },
      },
      trx,
    );
  });
}
