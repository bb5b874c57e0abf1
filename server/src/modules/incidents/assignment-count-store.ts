import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';

/** Open incidents still assigned to a person (document 3: the answer to disabling them). */
export async function countAssignedIncidents(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom('incidents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('assignee_id', '=', userId)
    .where('status', 'not in', ['resolved', 'closed'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
