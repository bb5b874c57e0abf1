import { findUserById } from '../../http/auth-store.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { auditContextFor, type ServiceContext } from '../../service-context.js';
import { clearLock, isLocked } from '../identity/public.js';
import { directoryRow } from './directory-row.js';

/**
 * Unlock (document 3, States: account (locked) → unlock): 409 when not locked, 409 on one's
 * own account, and only an Owner acts on an Owner (403). Lock and failure count are cleared.
 */
export async function unlockUser(
  context: ServiceContext,
  actor: Principal,
  userId: string,
): Promise<ReturnType<typeof directoryRow>> {
  const { db, audit } = context;
  const now = context.clock.now();
  const ctx = auditContextFor(context);
  const user = await findUserById(db, actor.tenantId, userId);
  if (!user) throw notFound('user');
  if (user.id === actor.userId) throw new AppError('resource.conflict', 'you cannot unlock your own account');
  if (user.role === 'owner' && actor.role !== 'owner')
    throw new AppError('auth.forbidden', 'only an Owner may act on an Owner');
  if (!isLocked(user, now)) throw new AppError('resource.conflict', 'the account is not locked');
  await db.transaction().execute(async (trx) => {
    await clearLock(trx, actor.tenantId, user.id, now);
    await audit.write(ctx, { action: 'user.unlocked', subject: { type: 'user', id: user.id } }, trx);
  });
  return directoryRow({ ...user, failed_logins: 0, locked_until: null }, now);
}
