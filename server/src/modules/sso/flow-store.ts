import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { UsersTable } from '../../db/foundation-tables.js';
import type { OidcHandoffsTable, OidcStatesTable } from './tables.js';

/** SQL for the sign-in flow: states, handoffs and subject links. */

type Db = Kysely<Database> | Transaction<Database>;

export async function insertState(db: Db, row: OidcStatesTable): Promise<void> {
  await db.insertInto('oidc_states').values(row).execute();
}

/** Consumed in the statement that reads it (document 3): a second read finds nothing. */
export async function takeState(db: Db, stateHash: string, now: Date) {
  return db
    .deleteFrom('oidc_states')
    .where('state_hash', '=', stateHash)
    .where('expires_at', '>', now.toISOString())
    .returningAll()
    .executeTakeFirst();
}

export async function insertHandoff(db: Db, row: OidcHandoffsTable): Promise<void> {
  await db.insertInto('oidc_handoffs').values(row).execute();
}

export async function takeHandoff(db: Db, handoffHash: string, now: Date) {
  return db
    .deleteFrom('oidc_handoffs')
    .where('handoff_hash', '=', handoffHash)
    .where('expires_at', '>', now.toISOString())
    .returningAll()
    .executeTakeFirst();
}

export async function findLinkedUser(db: Db, tenantId: string, issuer: string, subject: string) {
  return db
    .selectFrom('oidc_links')
    .innerJoin('users', 'users.id', 'oidc_links.user_id')
    .selectAll('users')
    .where('oidc_links.tenant_id', '=', tenantId)
    .where('oidc_links.issuer', '=', issuer)
    .where('oidc_links.subject', '=', subject)
    .executeTakeFirst();
}

export async function insertLink(
  db: Db,
  row: { tenant_id: string; issuer: string; subject: string; user_id: string; created_at: string },
): Promise<void> {
  await db.insertInto('oidc_links').values(row).execute();
}

/** A federated account's role, display name and sign-in time, as its provider asserted them. */
export async function syncFederatedUser(
  db: Db,
  tenantId: string,
  userId: string,
  patch: Pick<UsersTable, 'role' | 'display_name'>,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...patch,
      custom_role_id: null,
      federated: 1,
      status: 'active',
      invitation_hash: null,
      invitation_expires_at: null,
      last_login_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

export async function purgeExpired(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('oidc_states').where('expires_at', '<=', now.toISOString()).execute();
  await db.deleteFrom('oidc_handoffs').where('expires_at', '<=', now.toISOString()).execute();
}

/** Ids of the accounts linked to one issuer (directory sign-in uses the issuer `ldap`). */
export async function linkedUserIds(db: Db, tenantId: string, issuer: string): Promise<string[]> {
  const rows = await db
    .selectFrom('oidc_links')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('issuer', '=', issuer)
    .execute();
  return rows.map((r) => r.user_id);
}
