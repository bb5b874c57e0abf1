import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { UsersTable } from '../../db/foundation-tables.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { countActiveOwners } from './store.js';

/**
 * The four named refusals of document 3 (Users): only an Owner creates or promotes an Owner;
 * only an Owner changes or disables an Owner (403); the last active Owner is not demoted or
 * disabled (409); nobody aims a change at their own account (409).
 */

export function refuseSelf(actor: Principal, target: Pick<UsersTable, 'id'>, what: string): void {
  if (actor.userId === target.id)
    throw new AppError('resource.conflict', `you cannot ${what} your own account`);
}

export function refuseNonOwnerOnOwner(actor: Principal, target: Pick<UsersTable, 'role'>): void {
  if (target.role === 'owner' && actor.role !== 'owner')
    throw new AppError('auth.forbidden', 'only an Owner may act on an Owner');
}

export function refuseNonOwnerMakingOwner(actor: Principal, role: string): void {
  if (role === 'owner' && actor.role !== 'owner')
    throw new AppError('auth.forbidden', 'only an Owner may create or promote an Owner');
}

export async function refuseLastOwner(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: string,
  target: Pick<UsersTable, 'role' | 'status'>,
): Promise<void> {
  if (target.role === 'owner' && target.status === 'active' && (await countActiveOwners(db, tenantId)) <= 1)
    throw new AppError('resource.conflict', 'the last active Owner cannot be demoted or disabled');
}
