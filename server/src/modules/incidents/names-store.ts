import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The tenant's switch that hides people's names from the queue (migration 0710). */
export interface IncidentNameSettingsTable {
  tenant_id: string;
  names_hidden: number;
  updated_by: string | null;
  updated_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    incident_name_settings: IncidentNameSettingsTable;
  }
}

export async function nameSettings(
  db: Db,
  tenantId: string,
): Promise<{ names_hidden: boolean; updated_at: string | null }> {
  const r = await db
    .selectFrom('incident_name_settings')
    .select(['names_hidden', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return { names_hidden: r?.names_hidden === 1, updated_at: r?.updated_at ?? null };
}

export async function saveNameSettings(
  db: Db,
  tenantId: string,
  namesHidden: boolean,
  by: string,
  at: string,
): Promise<void> {
  const row = { tenant_id: tenantId, names_hidden: namesHidden ? 1 : 0, updated_by: by, updated_at: at };
  await db
    .insertInto('incident_name_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({ names_hidden: row.names_hidden, updated_by: by, updated_at: at }),
    )
    .execute();
}
