import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DirectorySourcesTable } from './tables.js';

/** SQL for directory sources; every query carries the tenant id. */

type Db = Kysely<Database> | Transaction<Database>;

export async function insertSource(db: Db, row: DirectorySourcesTable): Promise<void> {
  await db.insertInto('directory_sources').values(row).execute();
}

export async function findSource(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('directory_sources')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A page of sources ordered by id, after `after` when given. */
export async function listSources(db: Db, tenantId: string, after: string | null, limit: number) {
  let q = db.selectFrom('directory_sources').selectAll().where('tenant_id', '=', tenantId);
  if (after !== null) q = q.where('id', '>', after);
  return q.orderBy('id').limit(limit).execute();
}

export async function enabledSources(db: Db, tenantId: string) {
  return db
    .selectFrom('directory_sources')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
}

/** Tenants with at least one enabled source (the department resolver's work list). */
export async function tenantsWithEnabledSources(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('directory_sources')
    .select('tenant_id')
    .where('enabled', '=', 1)
    .distinct()
    .execute();
  return rows.map((r) => r.tenant_id);
}

export async function updateSource(
  db: Db,
  tenantId: string,
  id: string,
  patch: Partial<Omit<DirectorySourcesTable, 'id' | 'tenant_id'>>,
): Promise<void> {
  await db
    .updateTable('directory_sources')
    .set(patch)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/**
 * Applies `patch` only while the row's verification is `failed` (`wasFailed` true) or is not
 * (false); answers whether it did. The health audit keys on this: one statement decides the
 * transition, so two calls ending at once audit it once.
 */
export async function updateSourceIfFailed(
  db: Db,
  tenantId: string,
  id: string,
  wasFailed: boolean,
  patch: Partial<Omit<DirectorySourcesTable, 'id' | 'tenant_id'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('directory_sources')
    .set(patch)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('verification', wasFailed ? '=' : '<>', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
