import type { Trx } from './incident-write-store.js';
import type { IncidentsTable } from './tables.js';
import { type Folder, folderOf, TEST_FOLDER_CHANNELS } from './test-folders.js';
import { testFolders } from './test-folders-store.js';
import { timeOrderedId } from './time-ordered-id.js';
import { insertHistory } from './workflow-store.js';

/**
 * The test-folder rule at creation (document 2): an incident raised from an at-rest event under
 * a test folder is created as a test, with an origin history line. Read inside the ingest
 * transaction (one indexed query per batch).
 */
export async function loadTestFolders(trx: Trx, tenantId: string): Promise<Folder[]> {
  return (await testFolders(trx, tenantId)).map((f) => ({ path: f.path, key: f.path_key }));
}

const CHANNELS = new Set<string>(TEST_FOLDER_CHANNELS);

/** The test folder that makes this event's new incident a test; null for leaving channels. */
export function testFolderFor(
  folders: readonly Folder[],
  channel: string,
  path: string | null,
): Folder | null {
  if (folders.length === 0 || !CHANNELS.has(channel)) return null;
  return folderOf(folders, path);
}

/** One origin history line per incident the rule marked (after the rows are written). */
export async function recordTestFolderOrigins(
  trx: Trx,
  marked: readonly { row: IncidentsTable; folder: Folder }[],
  now: Date,
): Promise<void> {
  for (const { row, folder } of marked)
    await insertHistory(trx, {
      id: timeOrderedId(now),
      tenant_id: row.tenant_id,
      incident_id: row.id,
      at: now.toISOString(),
      actor_type: 'system',
      actor_id: null,
      actor_email: null,
      kind: 'origin',
      from_value: null,
      to_value: 'test_folder',
      disposition: null,
      note: `raised under the test folder ${folder.path}`,
      request_id: null,
      correlation_id: null,
    });
}
