import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { IncidentTestFoldersTable } from './misc-tables.js';
import { TEST_FOLDER_CHANNELS } from './test-folders.js';
import './misc-tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

const OPEN = ['new', 'triaged', 'investigating', 'awaiting_user'];

/** The tenant's test folders in the order they were added. */
export async function testFolders(db: Db, tenantId: string): Promise<IncidentTestFoldersTable[]> {
  return db
    .selectFrom('incident_test_folders')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('added_at')
    .orderBy('path_key')
    .execute();
}

export async function replaceTestFolders(
  db: Db,
  tenantId: string,
  removedKeys: string[],
  added: IncidentTestFoldersTable[],
): Promise<void> {
  if (removedKeys.length > 0)
    await db
      .deleteFrom('incident_test_folders')
      .where('tenant_id', '=', tenantId)
      .where('path_key', 'in', removedKeys)
      .execute();
  if (added.length > 0) await db.insertInto('incident_test_folders').values(added).execute();
}

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * Open, real incidents raised on an at-rest channel whose path starts with one of these
 * prefixes, in no case (SQLite's LIKE ignores ASCII case; the caller checks each path exactly).
 * Optionally scoped to endpoint groups.
 */
export async function openAtRestUnder(
  db: Db,
  tenantId: string,
  prefixes: string[],
  groupScope: readonly string[] | null,
) {
  if (prefixes.length === 0 || (groupScope !== null && groupScope.length === 0)) return [];
  let q = db
    .selectFrom('incidents')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('synthetic', '=', 0)
    .where('status', 'in', OPEN)
    .where('channel', 'in', [...TEST_FOLDER_CHANNELS])
    .where((eb) =>
      eb.or(
        prefixes.map(
          (p) => sql<boolean>`lower(${eb.ref('file_path')}) like lower(${likePrefix(p)}) escape '!'`,
        ),
      ),
    );
  if (groupScope !== null) q = q.where('group_id', 'in', [...groupScope]);
  return q.orderBy('created_at').orderBy('id').execute();
}

/**
 * The paths of the newest open, real at-rest incidents (at most `limit`), for the suggestion,
 * and how many open real incidents the tenant has in all.
 */
export async function openAtRestPaths(db: Db, tenantId: string, limit: number) {
  const rows = await db
    .selectFrom('incidents')
    .select('file_path')
    .where('tenant_id', '=', tenantId)
    .where('synthetic', '=', 0)
    .where('status', 'in', OPEN)
    .where('channel', 'in', [...TEST_FOLDER_CHANNELS])
    .where('file_path', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  const open = await db
    .selectFrom('incidents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('synthetic', '=', 0)
    .where('status', 'in', OPEN)
    .executeTakeFirstOrThrow();
  return { paths: rows.map((r) => r.file_path as string), open: Number(open.n) };
}

/** Marks incidents as tests by the test-folder rule, bumping each row version. */
export async function markByFolder(db: Db, ids: string[], now: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .updateTable('incidents')
      .set({
        synthetic: 1,
        synthetic_by: 'test_folder',
        row_version: sql`row_version + 1`,
        updated_at: now.toISOString(),
      })
      .where('id', 'in', ids.slice(i, i + 500))
      .where('synthetic', '=', 0)
      .execute();
}
