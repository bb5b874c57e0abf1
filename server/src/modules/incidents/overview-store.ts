import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';

/** Whose incidents a figure counts: the tenant's, limited to a scoped role's endpoint groups. */
export interface IncidentScope {
  tenantId: string;
  /** Endpoint groups a scoped role may see; null = tenant-wide. */
  groupScope: readonly string[] | null;
}

const OPEN = ['new', 'triaged', 'investigating', 'awaiting_user'];

// biome-ignore lint/suspicious/noExplicitAny: the selection varies between the figures.
function scoped<Q extends SelectQueryBuilder<Database, 'incidents', any>>(q: Q, s: IncidentScope): Q {
  let out = q.where('incidents.tenant_id', '=', s.tenantId) as Q;
  if (s.groupScope !== null)
    out = (
      s.groupScope.length === 0
        ? out.where(sql<boolean>`1 = 0`)
        : out.where('incidents.group_id', 'in', [...s.groupScope])
    ) as Q;
  return out;
}

/** Open incidents by severity (the queue index of migration 0401 serves it). */
export async function openBySeverity(db: Kysely<Database>, s: IncidentScope) {
  const rows = await scoped(
    db
      .selectFrom('incidents')
      .select(['severity', sql<number>`count(*)`.as('n')])
      .where('status', 'in', OPEN)
      .groupBy('severity'),
    s,
  ).execute();
  return rows.map((r) => ({ key: r.severity, incidents: Number(r.n) }));
}

/** Incidents created since `since`, counted by a column (the tenant-created index serves it). */
export async function createdSinceBy(
  db: Kysely<Database>,
  s: IncidentScope,
  since: string,
  column: 'channel' | 'action' | 'status' | 'severity',
) {
  const rows = await scoped(
    db
      .selectFrom('incidents')
      .select([sql<string>`${sql.ref(`incidents.${column}`)}`.as('key'), sql<number>`count(*)`.as('n')])
      .where('created_at', '>=', since)
      .groupBy(column),
    s,
  ).execute();
  return rows.map((r) => ({ key: r.key, incidents: Number(r.n) }));
}

/**
 * The people with the most incidents created since `since`, with the total size of the files
 * concerned (`bytes`; not data that left): ranked by incidents or by bytes, ties by name.
 */
export async function topPeople(
  db: Kysely<Database>,
  s: IncidentScope,
  since: string,
  by: 'incidents' | 'bytes',
  limit: number,
) {
  const rows = await scoped(
    db
      .selectFrom('incidents')
      .select([
        'username',
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(file_size_bytes), 0)`.as('bytes'),
      ])
      .where('created_at', '>=', since)
      .where('username', 'is not', null)
      .groupBy('username')
      .orderBy(by === 'incidents' ? sql`count(*)` : sql`coalesce(sum(file_size_bytes), 0)`, 'desc')
      .orderBy('username')
      .limit(limit),
    s,
  ).execute();
  return rows.map((r) => ({ username: r.username ?? '', incidents: Number(r.n), bytes: Number(r.bytes) }));
}

/** The endpoints with the most incidents created since `since`. */
export async function topEndpoints(db: Kysely<Database>, s: IncidentScope, since: string, limit: number) {
  const rows = await scoped(
    db
      .selectFrom('incidents')
      .select(['device_id', sql<string | null>`max(hostname)`.as('hostname'), sql<number>`count(*)`.as('n')])
      .where('created_at', '>=', since)
      .groupBy('device_id')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('device_id')
      .limit(limit),
    s,
  ).execute();
  return rows.map((r) => ({ device_id: r.device_id, hostname: r.hostname, incidents: Number(r.n) }));
}

/** The ids of the incidents a scope reaches, as a subquery (for another module's figures). */
export function incidentIdsIn(db: Kysely<Database>, s: IncidentScope) {
  return scoped(db.selectFrom('incidents').select('incidents.id'), s);
}
