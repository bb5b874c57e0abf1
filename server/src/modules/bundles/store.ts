import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { firstRow, prepared } from '../../db/prepared.js';
import type { PolicyBundlesTable, PolicySigningKeysTable } from './tables.js';

export async function findLiveSigningKey(
  db: Kysely<Database>,
  tenantId: string,
): Promise<PolicySigningKeysTable | undefined> {
  return db
    .selectFrom('policy_signing_keys')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('state', '=', 'active')
    .executeTakeFirst();
}

/** Inserts unless the tenant already has a live key (a racing first use keeps the winner). */
export async function insertSigningKeyIfNone(
  db: Kysely<Database>,
  row: PolicySigningKeysTable,
): Promise<void> {
  await db
    .insertInto('policy_signing_keys')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function listSigningKeys(
  db: Kysely<Database>,
  tenantId: string,
): Promise<PolicySigningKeysTable[]> {
  return db
    .selectFrom('policy_signing_keys')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('state', '!=', 'retired')
    .orderBy('created_at')
    .execute();
}

/** The newest bundle's version alone (the primary key's index; the envelope is not read). */
export async function findLatestBundleVersion(
  db: Kysely<Database>,
  tenantId: string,
): Promise<number | undefined> {
  return firstRow(await latestVersion(db, tenantId))?.version;
}

const latestVersion = prepared('bundles.latestVersion', (db: Kysely<Database>, tenantId: string) =>
  db
    .selectFrom('policy_bundles')
    .select('version')
    .where('tenant_id', '=', tenantId)
    .orderBy('version', 'desc')
    .limit(1),
);

export async function findLatestBundle(
  db: Kysely<Database>,
  tenantId: string,
): Promise<PolicyBundlesTable | undefined> {
  return db
    .selectFrom('policy_bundles')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findBundle(
  db: Kysely<Database>,
  tenantId: string,
  version: number,
): Promise<PolicyBundlesTable | undefined> {
  return db
    .selectFrom('policy_bundles')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** The tenant's bundles of these versions (those it holds). */
export async function findBundles(
  db: Kysely<Database>,
  tenantId: string,
  versions: readonly number[],
): Promise<PolicyBundlesTable[]> {
  if (versions.length === 0) return [];
  return db
    .selectFrom('policy_bundles')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('version', 'in', [...versions])
    .execute();
}

export async function listBundles(
  db: Kysely<Database>,
  tenantId: string,
  limit: number,
  offset: number,
): Promise<{ rows: PolicyBundlesTable[]; total: number }> {
  const rows = await db
    .selectFrom('policy_bundles')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('version', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const count = await db
    .selectFrom('policy_bundles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every key the tenant ever signed with (retired too), so old bundles still verify in a diff. */
export async function allSigningKeys(
  db: Kysely<Database>,
  tenantId: string,
): Promise<PolicySigningKeysTable[]> {
  return db.selectFrom('policy_signing_keys').selectAll().where('tenant_id', '=', tenantId).execute();
}

export async function insertBundle(db: Kysely<Database>, row: PolicyBundlesTable): Promise<void> {
  await db.insertInto('policy_bundles').values(row).execute();
}
