import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;
const CHUNK = 500;

/**
 * The ids of the real incidents last seen since `since` in the principal's groups (index
 * incidents_last_seen), as a subquery: agent-events reads their events through it
 * (`eventPairsOfIncidents`, index agent_events_incident).
 */
export function realIncidentsSince(
  db: Db,
  tenantId: string,
  since: string,
  groupScope: readonly string[] | null,
) {
  let q = db
    .selectFrom('incidents')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('last_seen_at', '>=', since)
    .where('synthetic', '=', 0);
  if (groupScope !== null) q = q.where('group_id', 'in', [...groupScope]);
  return q;
}

/** What a coverage gap shows of its incidents: the policy, its name and the endpoint's name. */
export async function incidentFacts(db: Db, tenantId: string, ids: readonly string[]) {
  const out = new Map<
    string,
    { policy_id: string | null; policy_name: string | null; hostname: string | null }
  >();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('incidents')
      .select(['id', 'policy_id', 'policy_name', 'hostname'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}
