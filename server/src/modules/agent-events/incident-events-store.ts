import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The reads incidents makes of an incident's stored events (docs/architecture.md, "Table
 * owners": `agent_events` belongs to agent-events). Every read goes through the
 * (incident_id, occurred_at) index.
 */

/** A page of the incident's events, oldest first, and how many there are. */
export async function incidentEvents(db: Db, incidentId: string, limit: number, offset: number) {
  const total = await db
    .selectFrom('agent_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('incident_id', '=', incidentId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('agent_events')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .orderBy('occurred_at')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total.n) };
}

/** The newest events' payloads (not_read, removable devices, detector summaries). */
export async function newestPayloads(db: Db, incidentId: string, limit: number) {
  return db
    .selectFrom('agent_events')
    .select(['payload', 'file_name', 'occurred_at'])
    .where('incident_id', '=', incidentId)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
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

/**
 * Per incident, deciding policy, channel, endpoint and action pair: the events since `since` of
 * the incidents `incidentIds` selects (a subquery of the caller's, so the database walks the
 * incidents first and then each one's events).
 */
const PAIR = [
  'e.incident_id',
  'e.decided_by_policy_id',
  'e.channel',
  'e.device_id',
  'e.action',
  'e.requested_action',
] as const;

export async function eventPairsOfIncidents<T extends keyof Database>(
  db: Db,
  incidentIds: SelectQueryBuilder<Database, T, { id: string }>,
  since: string,
) {
  return db
    .selectFrom('agent_events as e')
    .select((eb) => [
      ...PAIR,
      eb.fn.countAll<number>().as('events'),
      eb.fn.max('e.occurred_at').as('last_seen'),
    ])
    .where('e.incident_id', 'in', incidentIds)
    .where('e.occurred_at', '>=', since)
    .groupBy([...PAIR])
    .execute();
}

/** What an incident's events are asked for by a queue filter (docs/incidents.md, Queue filters). */
export type EventMatch = { payloadLike: string } | { userId: string };

/**
 * EXISTS over the events of the outer query's incident (`incidents.id`): one whose payload is
 * LIKE the pattern (`\` escapes), or one of that user.
 */
export function incidentHasEvent(
  eb: ExpressionBuilder<Database, 'incidents'>,
  match: EventMatch,
): Expression<SqlBool> {
  const events = eb
    .selectFrom('agent_events')
    .select(sql`1`.as('one'))
    .whereRef('agent_events.incident_id', '=', 'incidents.id');
  return eb.exists(
    'payloadLike' in match
      ? events.where(sql<boolean>`agent_events.payload like ${match.payloadLike} escape '\\'`)
      : events.where('agent_events.user_id', '=', match.userId),
  );
}
