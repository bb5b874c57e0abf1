import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { IncidentsTable } from './tables.js';
import './links-tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;
type Q = SelectQueryBuilder<Database, 'incidents', Candidate>;

export interface Candidate {
  id: string;
  reference: string;
  title: string;
  severity: string;
  status: string;
  created_at: string;
}

/** How many candidates each lookup reads before the answer keeps the best ten. */
const PER_REASON = 30;

function base(db: Db, r: IncidentsTable, groupScope: readonly string[] | null): Q | null {
  if (groupScope !== null && groupScope.length === 0) return null;
  let q = db
    .selectFrom('incidents')
    .select(['id', 'reference', 'title', 'severity', 'status', 'created_at'])
    .where('tenant_id', '=', r.tenant_id)
    .where('id', '!=', r.id)
    // Already linked either way: not a suggestion any more.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('incident_links as l')
            .select(sql`1`.as('one'))
            .where((w) =>
              w.or([
                w.and([w('l.low_id', '=', r.id), w('l.high_id', '=', w.ref('incidents.id'))]),
                w.and([w('l.high_id', '=', r.id), w('l.low_id', '=', w.ref('incidents.id'))]),
              ]),
            ),
        ),
      ),
    ) as Q;
  if (groupScope !== null) q = q.where('group_id', 'in', [...groupScope]);
  return q;
}

const newest = (q: Q) => q.orderBy('created_at', 'desc').orderBy('id').limit(PER_REASON).execute();

/** Another incident about the same bytes (the same BLAKE3), at any time. */
export async function sameContent(db: Db, r: IncidentsTable, scope: readonly string[] | null) {
  const q = base(db, r, scope);
  if (!q || r.content_hash === null) return [];
  return newest(q.where('content_hash', '=', r.content_hash));
}

/** The same person under the same policy, created within `days` either side. */
export async function samePersonAndPolicy(
  db: Db,
  r: IncidentsTable,
  scope: readonly string[] | null,
  days: number,
) {
  const q = base(db, r, scope);
  if (!q || r.username === null || r.policy_id === null) return [];
  const at = Date.parse(r.created_at);
  const span = days * 86_400_000;
  return newest(
    q
      .where('policy_id', '=', r.policy_id)
      .where('created_at', '>=', new Date(at - span).toISOString())
      .where('created_at', '<=', new Date(at + span).toISOString())
      .where(sql<string>`lower(username)`, '=', r.username.toLowerCase()),
  );
}

/** The same endpoint with activity overlapping this incident's, widened by `minutes` each side. */
export async function sameEndpointAtTheTime(
  db: Db,
  r: IncidentsTable,
  scope: readonly string[] | null,
  minutes: number,
) {
  const q = base(db, r, scope);
  if (!q) return [];
  const span = minutes * 60_000;
  return newest(
    q
      .where('device_id', '=', r.device_id)
      .where('first_seen_at', '<=', new Date(Date.parse(r.last_seen_at) + span).toISOString())
      .where('last_seen_at', '>=', new Date(Date.parse(r.first_seen_at) - span).toISOString()),
  );
}
