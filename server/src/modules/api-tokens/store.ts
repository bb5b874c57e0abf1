import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ApiTokensTable } from './tables.js';

/** SQL for `api_tokens`; tenant id first, except the lookup by hash (the token is all a caller brings). */

type Db = Kysely<Database> | Transaction<Database>;

export async function findApiTokenByHash(db: Db, tokenHash: string) {
  return db.selectFrom('api_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function findApiToken(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Newest first; only one user's tokens when `userId` is given. */
export async function listApiTokenRows(db: Db, tenantId: string, userId?: string) {
  let q = db.selectFrom('api_tokens').selectAll().where('tenant_id', '=', tenantId);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.orderBy('created_at', 'desc').execute();
}

export async function insertApiToken(db: Db, row: ApiTokensTable): Promise<void> {
  await db.insertInto('api_tokens').values(row).execute();
}

export async function markApiTokenUsed(db: Db, tenantId: string, id: string, now: Date): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function markApiTokenRevoked(db: Db, tenantId: string, id: string, now: Date): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
