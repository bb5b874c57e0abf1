import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { OidcProvidersTable, SignInModeTable } from './tables.js';

/** SQL for the provider settings and the sign-in mode; every query carries the tenant id. */

type Db = Kysely<Database> | Transaction<Database>;

export async function findProvider(db: Db, tenantId: string) {
  return db.selectFrom('oidc_providers').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function saveProvider(db: Db, row: OidcProvidersTable): Promise<void> {
  const { tenant_id, ...rest } = row;
  await db
    .insertInto('oidc_providers')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(rest))
    .execute();
}

export async function deleteProvider(db: Db, tenantId: string): Promise<void> {
  await db.deleteFrom('oidc_providers').where('tenant_id', '=', tenantId).execute();
}

export async function findSignInMode(db: Db, tenantId: string): Promise<SignInModeTable | undefined> {
  return db.selectFrom('sign_in_mode').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function saveSignInMode(db: Db, row: SignInModeTable): Promise<void> {
  const { tenant_id, ...rest } = row;
  await db
    .insertInto('sign_in_mode')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(rest))
    .execute();
}
