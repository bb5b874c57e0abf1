import type { CustomDetectorSpec } from '@custos/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** SQL for `custom_detectors`: one row per saved version; tenant id first. */

/** Every stored version of the tenant's custom detectors, by id then version. */
export async function customDetectorRows(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('custom_detectors')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .orderBy('version')
    .execute();
}

export async function insertCustomDetector(
  db: Kysely<Database>,
  tenantId: string,
  spec: CustomDetectorSpec,
  createdBy: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('custom_detectors')
    .values({
      tenant_id: tenantId,
      id: spec.id,
      version: spec.version,
      spec: JSON.stringify(spec),
      created_by: createdBy,
      created_at: now.toISOString(),
    })
    .execute();
}
