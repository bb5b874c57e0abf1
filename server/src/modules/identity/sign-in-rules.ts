import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { UsersTable } from '../../db/foundation-tables.js';
import { insertSession } from '../../http/auth-store.js';
import { AppError } from '../../http/errors.js';
import { recordFailedSignIn, recordSuccessfulSignIn } from './store.js';

/** Document 3: every sign-in failure is the same 401, whatever the cause. */
export function signInFailed(): AppError {
  return new AppError('auth.unauthenticated', 'sign-in failed: check the organisation, e-mail and password');
}

export function isLocked(user: Pick<UsersTable, 'locked_until'>, now: Date): boolean {
  return user.locked_until !== null && Date.parse(user.locked_until) > now.getTime();
}

/**
 * One more failure (wrong password, step-up password or second-factor code): at
 * DLP_MAX_FAILED_LOGINS in a row the account locks for DLP_LOCKOUT_MINUTES. After a lapsed lock
 * the count starts afresh. Disabled accounts are not counted.
 */
export async function lockoutAfterFailure(
  db: Kysely<Database>,
  config: Config,
  user: Pick<UsersTable, 'id' | 'tenant_id' | 'status' | 'failed_logins' | 'locked_until'>,
  now: Date,
): Promise<void> {
  if (user.status !== 'active') return;
  const failures = (user.locked_until !== null ? 0 : user.failed_logins) + 1;
  const { maxFailedLogins, lockoutMinutes } = config.auth;
  const lockedUntil = failures >= maxFailedLogins ? new Date(now.getTime() + lockoutMinutes * 60_000) : null;
  await recordFailedSignIn(db, user.tenant_id, user.id, lockedUntil ? 0 : failures, lockedUntil, now);
}

/** Signed in with a password: the sign-in recorded and a session opened (token returned once). */
export async function openPasswordSession(
  db: Kysely<Database>,
  user: Pick<UsersTable, 'id' | 'tenant_id'>,
  client: { sourceIp: string | null; userAgent: string | null },
  now: Date,
  options: { clearLock: boolean; authMethod?: string } = { clearLock: true },
) {
  await recordSuccessfulSignIn(db, user.tenant_id, user.id, now, options.clearLock);
  return insertSession(
    db,
    user.tenant_id,
    {
      userId: user.id,
      authMethod: options.authMethod ?? 'password',
      sourceIp: client.sourceIp,
      userAgent: client.userAgent,
    },
    now,
  );
}
