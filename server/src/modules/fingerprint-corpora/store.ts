import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { FingerprintCorporaTable, FingerprintCorpusVersionsTable } from './tables.js';

/** Versions kept per corpus; older ones are removed when a build adds one (docs/fingerprints.md). */
export const KEPT_VERSIONS = 5;

export type CorpusSummary = FingerprintCorporaTable & {
  document_count: number | null;
  too_short_count: number | null;
  fingerprint_count: number | null;
  size_bytes: number | null;
  built_by: string | null;
  built_at: string | null;
};

function summaries(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('fingerprint_corpora as c')
    .leftJoin('fingerprint_corpus_versions as v', (j) =>
      j.onRef('v.corpus_id', '=', 'c.id').onRef('v.version', '=', 'c.version'),
    )
    .selectAll('c')
    .select((eb) => [
      'v.document_count',
      'v.too_short_count',
      'v.fingerprint_count',
      eb.fn<number | null>('length', ['v.data']).as('size_bytes'),
      'v.built_by',
      'v.built_at',
    ])
    .where('c.tenant_id', '=', tenantId);
}

export async function listCorpora(db: Kysely<Database>, tenantId: string): Promise<CorpusSummary[]> {
  return summaries(db, tenantId).orderBy('c.name_key').orderBy('c.id').execute();
}

export async function findCorpus(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
): Promise<CorpusSummary | undefined> {
  return summaries(db, tenantId).where('c.id', '=', id).executeTakeFirst();
}

export async function nameTaken(db: Kysely<Database>, tenantId: string, nameKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('fingerprint_corpora')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCorpus(db: Kysely<Database>, row: FingerprintCorporaTable): Promise<void> {
  await db.insertInto('fingerprint_corpora').values(row).execute();
}

export async function versionData(
  db: Kysely<Database>,
  corpusId: string,
  version: number,
): Promise<Pick<FingerprintCorpusVersionsTable, 'data' | 'data_sha256'> | undefined> {
  return db
    .selectFrom('fingerprint_corpus_versions')
    .select(['data', 'data_sha256'])
    .where('corpus_id', '=', corpusId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/**
 * Stores a new version if the corpus is still at `expected` (409 for the caller otherwise), makes
 * it current and removes versions beyond the kept number. False when another build won.
 */
export async function addVersion(
  db: Kysely<Database>,
  row: FingerprintCorpusVersionsTable,
  expected: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('fingerprint_corpora')
      .set({ version: row.version })
      .where('id', '=', row.corpus_id)
      .where('version', '=', expected)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await trx.insertInto('fingerprint_corpus_versions').values(row).execute();
    await trx
      .deleteFrom('fingerprint_corpus_versions')
      .where('corpus_id', '=', row.corpus_id)
      .where('version', '<=', row.version - KEPT_VERSIONS)
      .execute();
    return true;
  });
}

/**
 * Removes the corpus and every version of it in one transaction; the number of versions removed,
 * or null when the corpus was gone already (a concurrent delete).
 */
export async function removeCorpus(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const versions = await trx
      .deleteFrom('fingerprint_corpus_versions')
      .where('corpus_id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    const gone = await trx
      .deleteFrom('fingerprint_corpora')
      .where('id', '=', id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return Number(gone.numDeletedRows) === 1 ? Number(versions.numDeletedRows) : null;
  });
}

/** Names of the tenant's corpora among `ids`, by id (absent: not a corpus of the tenant). */
export async function corpusNames(
  db: Kysely<Database>,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('fingerprint_corpora')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Ids among `ids` that name a corpus of the tenant. */
export async function existingCorpusIds(
  db: Kysely<Database>,
  tenantId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('fingerprint_corpora')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The current version of each named corpus of the tenant, with its data (null before a build). */
export async function currentVersions(db: Kysely<Database>, tenantId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('fingerprint_corpora as c')
    .leftJoin('fingerprint_corpus_versions as v', (j) =>
      j.onRef('v.corpus_id', '=', 'c.id').onRef('v.version', '=', 'c.version'),
    )
    .select(['c.id', 'c.version', 'c.window', 'c.winnow', 'v.document_count', 'v.data', 'v.data_sha256'])
    .where('c.tenant_id', '=', tenantId)
    .where('c.id', 'in', [...ids])
    .orderBy('c.id')
    .execute();
}
