import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { SessionsTable, UserStatus, UsersTable } from '../db/foundation-tables.js';
import { mintSecret, sha256Hex, TOKEN_PREFIX } from './tokens.js';

/** SQL for accounts and sessions used by the authentication core; tenant id comes first. */

type Db = Kysely<Database> | Transaction<Database>;

/** Absolute session lifetime; the tenant idle time (document 3) usually ends it sooner. */
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export interface NewUser {
  email: string;
  role: string;
  status: UserStatus;
  displayName?: string | null;
  customRoleId?: string | null;
  passwordHash?: string | null;
  invitationHash?: string | null;
  invitationExpiresAt?: Date | null;
  federated?: boolean;
  department?: string | null;
}

export async function insertUser(db: Db, tenantId: string, user: NewUser, now: Date): Promise<UsersTable> {
  const row: UsersTable = {
    id: randomUUID(),
    tenant_id: tenantId,
    // Addresses compare without case everywhere (sign-in, invitations, SCIM adoption).
    email: user.email.toLowerCase(),
    display_name: user.displayName ?? null,
    role: user.role,
    custom_role_id: user.customRoleId ?? null,
    status: user.status,
    department: user.department ?? null,
    federated: user.federated ? 1 : 0,
    password_hash: user.passwordHash ?? null,
    failed_logins: 0,
    locked_until: null,
    invitation_hash: user.invitationHash ?? null,
    invitation_expires_at: user.invitationExpiresAt ? user.invitationExpiresAt.toISOString() : null,
    last_login_at: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function findUserById(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<UsersTable | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function findUserByEmail(
  db: Db,
  tenantId: string,
  email: string,
): Promise<UsersTable | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export interface NewSession {
  userId: string;
  authMethod: string;
  sourceIp?: string | null;
  userAgent?: string | null;
  maxAgeMs?: number;
}

/** Opens a session; the token is returned once and only its hash is stored. */
export async function insertSession(
  db: Db,
  tenantId: string,
  session: NewSession,
  now: Date,
): Promise<{ token: string; session: SessionsTable }> {
  const token = mintSecret(TOKEN_PREFIX.session);
  const row: SessionsTable = {
    id: randomUUID(),
    public_id: randomUUID(),
    tenant_id: tenantId,
    user_id: session.userId,
    token_hash: sha256Hex(token),
    auth_method: session.authMethod,
    source_ip: session.sourceIp ?? null,
    user_agent: session.userAgent ? session.userAgent.slice(0, 512) : null,
    created_at: now.toISOString(),
    last_activity_at: now.toISOString(),
    expires_at: new Date(now.getTime() + (session.maxAgeMs ?? SESSION_MAX_AGE_MS)).toISOString(),
    revoked_at: null,
    revoked_reason: null,
  };
  await db.insertInto('sessions').values(row).execute();
  return { token, session: row };
}

/**
 * The one lookup not keyed by tenant: the token is all the caller brings, and its hash is
 * unique across tenants. Returns the session with its account, live or not; the caller judges.
 */
export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionsTable; user: UsersTable } | undefined> {
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!session) return undefined;
  const user = await findUserById(db, session.tenant_id, session.user_id);
  return user ? { session, user } : undefined;
}

/** Writes last_activity_at; callers limit this to once a minute (document 3). */
export async function touchSession(db: Db, tenantId: string, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_activity_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeSession(
  db: Db,
  tenantId: string,
  sessionId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every live session of one account; returns how many ended. */
export async function revokeUserSessions(
  db: Db,
  tenantId: string,
  userId: string,
  reason: string,
  now: Date,
): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
