import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Per policy, channel, endpoint, incident and action pair: the events since `since` of real
 * incidents last seen since then (index incidents_last_seen, then agent_events_incident).
 * The caller keeps the pairs whose applied action is weaker than the requested one.
 */
export async function eventPairsSince(
  db: Db,
  tenantId: string,
  since: string,
  groupScope: readonly string[] | null,
) {
  if (groupScope !== null && groupScope.length === 0) return [];
  let q = db
    .selectFrom('incidents as i')
    .innerJoin('agent_events as e', 'e.incident_id', 'i.id')
    .select((eb) => [
      eb.fn.coalesce('e.decided_by_policy_id', 'i.policy_id').as('policy_id'),
      'i.policy_name',
      'e.channel',
      'e.device_id',
      'i.hostname',
      'i.id as incident_id',
      'e.action',
      'e.requested_action',
      eb.fn.countAll<number>().as('events'),
      eb.fn.max('e.occurred_at').as('last_seen'),
    ])
    .where('i.tenant_id', '=', tenantId)
    .where('i.last_seen_at', '>=', since)
    .where('i.synthetic', '=', 0)
    .where('e.occurred_at', '>=', since);
  if (groupScope !== null) q = q.where('i.group_id', 'in', [...groupScope]);
  return q
    .groupBy([
      'e.decided_by_policy_id',
      'i.policy_id',
      'i.policy_name',
      'e.channel',
      'e.device_id',
      'i.hostname',
      'i.id',
      'e.action',
      'e.requested_action',
    ])
    .execute();
}

/** The stored payload of the incident's event at that time (the newest reduced one of a gap). */
export async function eventPayloadAt(db: Db, incidentId: string, occurredAt: string, action: string) {
  const r = await db
    .selectFrom('agent_events')
    .select('payload')
    .where('incident_id', '=', incidentId)
    .where('occurred_at', '=', occurredAt)
    .where('action', '=', action)
    .limit(1)
    .executeTakeFirst();
  return r?.payload ?? null;
}
