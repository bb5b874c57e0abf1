/** What other modules use from single sign-on (consumers import only this file). */

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';

export { resolveAccount, roleFor, type SignInOutcome } from './account.js';
export { linkedUserIds } from './flow-store.js';

import { MAPPABLE_ROLES, type MappableRole, type RoleMapping } from './settings.js';
import { findProvider } from './store.js';

export { MAPPABLE_ROLES, type MappableRole, type RoleMapping };

export interface SsoMappings {
  issuer: string;
  roleMappings: RoleMapping[];
  defaultRole: MappableRole | null;
}

/** The enabled provider's role mappings, or null when single sign-on is not configured and on. */
export async function enabledSsoMappings(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: string,
): Promise<SsoMappings | null> {
  const row = await findProvider(db, tenantId);
  if (row?.enabled !== 1) return null;
  return {
    issuer: row.issuer,
    roleMappings: JSON.parse(row.role_mappings) as RoleMapping[],
    defaultRole: row.default_role as MappableRole | null,
  };
}
