import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { LdapLockoutsTable, LdapProvidersTable } from './tables.js';

/** SQL for directory sign-in; every query carries the tenant id. */

type Db = Kysely<Database> | Transaction<Database>;

export async function findLdapProvider(db: Db, tenantId: string) {
  return db.selectFrom('ldap_providers').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function saveLdapProvider(db: Db, row: LdapProvidersTable): Promise<void> {
  const { tenant_id, ...rest } = row;
  await db
    .insertInto('ldap_providers')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(rest))
    .execute();
}

export async function deleteLdapProvider(db: Db, tenantId: string): Promise<void> {
  await db.deleteFrom('ldap_providers').where('tenant_id', '=', tenantId).execute();
  await db.deleteFrom('ldap_lockouts').where('tenant_id', '=', tenantId).execute();
}

export async function findLockout(
  db: Db,
  tenantId: string,
  guid: string,
): Promise<LdapLockoutsTable | undefined> {
  return db
    .selectFrom('ldap_lockouts')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('object_guid', '=', guid)
    .executeTakeFirst();
}

export async function saveLockout(db: Db, row: LdapLockoutsTable): Promise<void> {
  const { tenant_id, object_guid, ...rest } = row;
  await db
    .insertInto('ldap_lockouts')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'object_guid']).doUpdateSet(rest))
    .execute();
}

export async function clearLockout(db: Db, tenantId: string, guid: string): Promise<void> {
  await db
    .deleteFrom('ldap_lockouts')
    .where('tenant_id', '=', tenantId)
    .where('object_guid', '=', guid)
    .execute();
}
