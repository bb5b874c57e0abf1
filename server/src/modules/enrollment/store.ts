import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { EnrollmentTokensTable } from './tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

function tokens(db: Db) {
  return db.selectFrom('enrollment_tokens as t').selectAll('t');
}

export async function insertToken(db: Db, row: EnrollmentTokensTable): Promise<void> {
  await db.insertInto('enrollment_tokens').values(row).execute();
}

export async function listTokens(db: Db, tenantId: string): Promise<EnrollmentTokensTable[]> {
  return tokens(db)
    .where('t.tenant_id', '=', tenantId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id')
    .execute();
}

export async function findToken(
  db: Db,
  tenantId: string,
  id: string,
): Promise<EnrollmentTokensTable | undefined> {
  return tokens(db).where('t.tenant_id', '=', tenantId).where('t.id', '=', id).executeTakeFirst();
}

export async function findTokenByHash(db: Db, hash: string): Promise<EnrollmentTokensTable | undefined> {
  return tokens(db).where('t.token_hash', '=', hash).executeTakeFirst();
}

export async function revokeToken(
  db: Db,
  tenantId: string,
  id: string,
  by: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('enrollment_tokens')
    .set({ revoked_at: now.toISOString(), revoked_by: by })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * One statement takes a use only while the token is live, unexpired and not used up, so two
 * machines racing for the last use cannot both get it (document 2: atomic use count).
 */
export async function takeTokenUse(db: Db, hash: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('enrollment_tokens')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .whereRef('uses', '<', 'max_uses')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The tenant's device CA (one row per tenant). */
export async function findDeviceCa(db: Db, tenantId: string) {
  return db.selectFrom('device_cas').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

/** Two enrolments racing on a new tenant: the first insert wins, the second changes nothing. */
export async function insertDeviceCaIfAbsent(db: Db, row: Insertable<Database['device_cas']>): Promise<void> {
  await db
    .insertInto('device_cas')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
}
