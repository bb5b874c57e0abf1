/** What other modules use from user administration (consumers import only this file). */

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { countActiveOwners, ownerDomains, updateUser } from './store.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The tenant's allowed address domains (document 3, invitation domain rule): those of the active
 * Owners, as no provider setting names domains; an empty set decides nothing.
 */
export function allowedDomains(db: Db, tenantId: string): Promise<Set<string>> {
  return ownerDomains(db, tenantId);
}

/** Active Owners of the tenant (the last-active-Owner rule). */
export function activeOwnerCount(db: Db, tenantId: string): Promise<number> {
  return countActiveOwners(db, tenantId);
}

/**
 * A provisioning change to an account (SCIM: address, name, department, role, state). The caller
 * applies the account rules (document 3) and audits; an address is stored lower-cased.
 */
export function updateAccount(
  db: Db,
  tenantId: string,
  userId: string,
  changes: Parameters<typeof updateUser>[3],
  now: Date,
): Promise<void> {
  const next = changes.email === undefined ? changes : { ...changes, email: changes.email.toLowerCase() };
  return updateUser(db, tenantId, userId, next, now);
}

// GET /search's user kind (docs/search.md).
export { userSearchHits } from './search-store.js';
