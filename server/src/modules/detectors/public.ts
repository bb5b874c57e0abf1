import type { CustomDetectorSpec } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** The current version of each tenant custom detector, by id. */
export async function currentCustomDetectors(
  db: Kysely<Database>,
  tenantId: string,
): Promise<Map<string, CustomDetectorSpec>> {
  const rows = await db
    .selectFrom('custom_detectors')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .orderBy('version')
    .execute();
  const out = new Map<string, CustomDetectorSpec>();
  for (const r of rows) out.set(r.id, JSON.parse(r.spec) as CustomDetectorSpec);
  return out;
}
