import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ScimTokensTable } from './tables.js';

/** SQL for SCIM tokens; tenant id first except the bearer lookup (the token is all a caller has). */

type Db = Kysely<Database> | Transaction<Database>;

export async function insertScimToken(db: Db, row: ScimTokensTable): Promise<void> {
  await db.insertInto('scim_tokens').values(row).execute();
}

export async function listScimTokens(db: Db, tenantId: string): Promise<ScimTokensTable[]> {
  return db
    .selectFrom('scim_tokens')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('public_id')
    .execute();
}

export async function findScimTokenByPublicId(db: Db, tenantId: string, publicId: string) {
  return db
    .selectFrom('scim_tokens')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export async function findScimTokenByHash(db: Db, tokenHash: string) {
  return db.selectFrom('scim_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Revokes once; false when it was revoked meanwhile. */
export async function revokeScimToken(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('scim_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function touchScimToken(db: Db, tenantId: string, id: string, now: Date): Promise<void> {
  await db
    .updateTable('scim_tokens')
    .set({ last_used_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
