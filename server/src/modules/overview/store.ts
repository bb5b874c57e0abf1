import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The switch; off (and never changed) without a row. */
export async function personAnalysis(
  db: Db,
  tenantId: string,
): Promise<{ person_analysis: boolean; updated_at: string | null }> {
  const r = await db
    .selectFrom('overview_settings')
    .select(['person_analysis', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return { person_analysis: r?.person_analysis === 1, updated_at: r?.updated_at ?? null };
}

export async function savePersonAnalysis(
  db: Db,
  tenantId: string,
  on: boolean,
  by: string | null,
  at: string,
) {
  await db
    .insertInto('overview_settings')
    .values({ tenant_id: tenantId, person_analysis: on ? 1 : 0, updated_by: by, updated_at: at })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({ person_analysis: on ? 1 : 0, updated_by: by, updated_at: at }),
    )
    .execute();
}
