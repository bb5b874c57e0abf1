import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { UserStatus, UsersTable } from '../../db/foundation-tables.js';

/** SQL for user administration; tenant id comes first (server-modules contract). */

type Db = Kysely<Database> | Transaction<Database>;

export async function listUsers(db: Db, tenantId: string): Promise<UsersTable[]> {
  return db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).orderBy('email').execute();
}

export async function countActiveOwners(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The domains of active Owners (document 3: the invitation domain rule without a provider). */
export async function ownerDomains(db: Db, tenantId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .execute();
  return new Set(rows.map((r) => r.email.split('@')[1] ?? '').filter((x) => x !== ''));
}

export async function updateUser(
  db: Db,
  tenantId: string,
  userId: string,
  changes: Partial<
    Pick<
      UsersTable,
      | 'display_name'
      | 'department'
      | 'role'
      | 'custom_role_id'
      | 'status'
      | 'invitation_hash'
      | 'invitation_expires_at'
      | 'email'
      | 'federated'
    >
  >,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/** The invitation lookup is not keyed by tenant: the secret is all the caller brings. */
export async function findUserByInvitationHash(db: Db, hash: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').selectAll().where('invitation_hash', '=', hash).executeTakeFirst();
}

/**
 * Accepts an invitation: password set, account active and invitation cleared in the same
 * statement, guarded by the hash so a second redemption changes nothing (single use).
 */
export async function redeemInvitation(
  db: Db,
  tenantId: string,
  userId: string,
  hash: string,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      status: 'active' satisfies UserStatus,
      invitation_hash: null,
      invitation_expires_at: null,
      last_login_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('invitation_hash', '=', hash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertReset(
  db: Db,
  tenantId: string,
  userId: string,
  linkHash: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      user_id: userId,
      link_hash: linkHash,
      expires_at: expiresAt.toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
}

export async function findReset(db: Db, linkHash: string) {
  return db.selectFrom('password_resets').selectAll().where('link_hash', '=', linkHash).executeTakeFirst();
}

/** Marks a link used; false when it was used meanwhile (single use). */
export async function spendReset(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setPassword(db: Db, tenantId: string, userId: string, passwordHash: string, now: Date) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/** Live sessions of one account (not revoked, not past their absolute end). */
export async function liveSessionsOf(db: Db, tenantId: string, userId: string, now: Date) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .execute();
}

/** Document 3, GET /users/sessions: live, non-idle sessions of active users, newest use first. */
export async function tenantSessions(
  db: Db,
  tenantId: string,
  now: Date,
  idleSince: Date,
  limit: number,
  offset: number,
) {
  const base = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .where('sessions.tenant_id', '=', tenantId)
    .where('users.tenant_id', '=', tenantId)
    .where('users.status', '=', 'active')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now.toISOString())
    .where('sessions.last_activity_at', '>=', idleSince.toISOString());
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const items = await base
    .select([
      'sessions.id as session_id',
      'sessions.public_id',
      'sessions.user_id',
      'sessions.auth_method',
      'sessions.source_ip',
      'sessions.user_agent',
      'sessions.last_activity_at',
      'sessions.created_at',
      'users.email',
      'users.display_name',
      'users.role',
    ])
    .orderBy('sessions.last_activity_at', 'desc')
    .orderBy('sessions.public_id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { total: Number(total.n), items };
}

export async function findSessionByPublicId(db: Db, tenantId: string, userId: string, publicId: string) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}
