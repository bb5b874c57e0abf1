import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PolicySettingsTable } from './tables.js';

/** SQL for `policy_settings`: one row per tenant, absent until first written. */

export async function findPolicySettings(db: Kysely<Database>, tenantId: string) {
  return db.selectFrom('policy_settings').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
}

export async function upsertPolicySettings(db: Kysely<Database>, row: PolicySettingsTable): Promise<void> {
  await db
    .insertInto('policy_settings')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(row))
    .execute();
}
