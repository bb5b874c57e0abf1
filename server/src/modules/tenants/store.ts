import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { TenantsTable } from './tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertTenant(
  db: Db,
  tenant: { slug: string; name: string },
  now: Date,
): Promise<TenantsTable> {
  const row: TenantsTable = {
    id: randomUUID(),
    slug: tenant.slug,
    name: tenant.name,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.insertInto('tenants').values(row).execute();
  return row;
}

export async function findTenantById(db: Db, tenantId: string): Promise<TenantsTable | undefined> {
  return db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst();
}

/** Slugs are stored lower-case, so this lookup is exact. */
export async function findTenantBySlug(db: Db, slug: string): Promise<TenantsTable | undefined> {
  return db.selectFrom('tenants').selectAll().where('slug', '=', slug.toLowerCase()).executeTakeFirst();
}

export async function countTenants(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every tenant's id and slug, oldest first (operator commands that act on all tenants). */
export function listTenants(db: Db): Promise<{ id: string; slug: string }[]> {
  return db.selectFrom('tenants').select(['id', 'slug']).orderBy('created_at').orderBy('slug').execute();
}
