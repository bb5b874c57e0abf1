import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import './misc-tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

const OPEN = ['new', 'triaged', 'investigating', 'awaiting_user'];
const SEVERITY_RANK = sql<number>`max(case severity when 'critical' then 5 when 'high' then 4 when 'medium' then 3 when 'low' then 2 else 1 end)`;

export interface PatternQuery {
  tenantId: string;
  since: string;
  groupScope: readonly string[] | null;
}

/** The people the pattern views never name (their account parts). */
export async function namingExclusions(db: Db, tenantId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('incident_naming_exclusions')
    .select('person_key')
    .where('tenant_id', '=', tenantId)
    .execute();
  return new Set(rows.map((r) => r.person_key));
}

/**
 * Real incidents created since `since`, one row per person (without case) and policy, largest
 * first. Every group is returned: the caller withholds excluded people before taking the top.
 */
export async function personPolicyGroups(db: Db, q: PatternQuery, openOnly: boolean) {
  if (q.groupScope !== null && q.groupScope.length === 0) return [];
  let query = db
    .selectFrom('incidents')
    .select((eb) => [
      sql<string | null>`lower(username)`.as('person_key'),
      eb.fn.min('username').as('person'),
      'policy_id',
      eb.fn.max('policy_name').as('policy_name'),
      eb.fn.countAll<number>().as('incidents'),
      sql<number>`sum(case when status in ('new', 'triaged', 'investigating', 'awaiting_user') then 1 else 0 end)`.as(
        'open',
      ),
      eb.fn.sum<number>('event_count').as('events'),
      SEVERITY_RANK.as('severity_rank'),
      eb.fn.min('created_at').as('first_created_at'),
      eb.fn.max('created_at').as('last_created_at'),
    ])
    .where('tenant_id', '=', q.tenantId)
    .where('created_at', '>=', q.since)
    .where('synthetic', '=', 0);
  if (openOnly) query = query.where('status', 'in', OPEN);
  if (q.groupScope !== null) query = query.where('group_id', 'in', [...q.groupScope]);
  return query
    .groupBy([sql`lower(username)`, 'policy_id'])
    .orderBy('incidents', 'desc')
    .orderBy('last_created_at', 'desc')
    .execute();
}

/** Real incidents with a person and a policy created since `since`, newest first, at most `limit`. */
export async function burstCandidates(db: Db, q: PatternQuery, limit: number) {
  if (q.groupScope !== null && q.groupScope.length === 0) return [];
  let query = db
    .selectFrom('incidents')
    .select([
      'id',
      'reference',
      'username',
      'device_id',
      'hostname',
      'policy_id',
      'policy_name',
      'channel',
      'status',
      'first_seen_at',
      'created_at',
    ])
    .where('tenant_id', '=', q.tenantId)
    .where('created_at', '>=', q.since)
    .where('synthetic', '=', 0)
    .where('username', 'is not', null)
    .where('policy_id', 'is not', null);
  if (q.groupScope !== null) query = query.where('group_id', 'in', [...q.groupScope]);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
