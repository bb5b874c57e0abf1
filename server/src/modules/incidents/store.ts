import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { BUDGET_FUNCTION } from '../../db/query-budget.js';
import { applyMoreFilters } from './filter-store.js';
import type { MoreFilter } from './list-filters.js';
import type { Sort } from './sort.js';
import type { IncidentsTable } from './tables.js';
import './tables.js';
import { incidentSearchTerms } from '../agent-events/public.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface IncidentFilter {
  statuses?: string[] | undefined;
  severities?: string[] | undefined;
  channels?: string[] | undefined;
  search?: string | undefined;
  /** The tenant hides people's names (docs/incidents.md, Names hidden): search skips the user. */
  namesHidden?: boolean | undefined;
  username?: string | undefined;
  policyId?: string | undefined;
  deviceId?: string | undefined;
  /** An exact endpoint name, no case (a report's `filter.hostname` view parameter). */
  hostname?: string | undefined;
  openOnly?: boolean | undefined;
  createdSince?: string | undefined;
  createdUntil?: string | undefined;
  /** A user id, `none` (unassigned) or `departed` (held by a disabled account). */
  assignee?: { userId: string } | 'none' | 'departed' | undefined;
  /** Endpoint groups a scoped role may see; null = tenant-wide. */
  groupScope: readonly string[] | null;
  /** The filters of list-filters.ts (filter-store.ts). */
  more?: MoreFilter | undefined;
  /** A SQLite time-budget token (db/query-budget.ts) the scan checks every 256 rows. */
  budget?: number | undefined;
  /** Compare the creation-time window without its index (a sorted page walking its sort's index). */
  windowByScan?: boolean | undefined;
}

const OPEN_STATUSES = ['new', 'triaged', 'investigating', 'awaiting_user'];

function likeLiteral(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

// biome-ignore lint/suspicious/noExplicitAny: the builder's selection varies between count and rows.
export function applyFilter<Q extends SelectQueryBuilder<Database, 'incidents', any>>(
  q: Q,
  tenantId: string,
  f: IncidentFilter,
): Q {
  let out = q.where('incidents.tenant_id', '=', tenantId) as Q;
  if (f.budget !== undefined)
    out = out.where(
      sql<boolean>`(incidents.rowid % 256 <> 0 or ${sql.raw(BUDGET_FUNCTION)}(${f.budget}) = 1)`,
    ) as Q;
  if (f.groupScope !== null) {
    if (f.groupScope.length === 0) return out.where(sql<boolean>`1 = 0`) as Q;
    out = out.where('incidents.group_id', 'in', [...f.groupScope]) as Q;
  }
  if (f.statuses?.length) out = out.where('incidents.status', 'in', f.statuses) as Q;
  if (f.severities?.length) out = out.where('incidents.severity', 'in', f.severities) as Q;
  if (f.channels?.length) out = out.where('incidents.channel', 'in', f.channels) as Q;
  // As a set (not `!= 'closed'`) so the queue index (migration 0401) serves it.
  if (f.openOnly) out = out.where('incidents.status', 'in', OPEN_STATUSES) as Q;
  if (f.username) out = out.where(sql<string>`lower(incidents.username)`, '=', f.username.toLowerCase()) as Q;
  if (f.policyId) out = out.where('incidents.policy_id', '=', f.policyId) as Q;
  if (f.deviceId) out = out.where('incidents.device_id', '=', f.deviceId) as Q;
  if (f.hostname) out = out.where(sql<string>`lower(incidents.hostname)`, '=', f.hostname.toLowerCase()) as Q;
  // `created_at || ''` is the same text, but no index serves it (listIncidents, walkSortIndex).
  const created = f.windowByScan
    ? sql<string>`(incidents.created_at || '')`
    : sql.ref('incidents.created_at');
  if (f.createdSince) out = out.where(created, '>=', f.createdSince) as Q;
  if (f.createdUntil) out = out.where(created, '<', f.createdUntil) as Q;
  if (f.assignee === 'none') out = out.where('incidents.assignee_id', 'is', null) as Q;
  else if (f.assignee === 'departed')
    out = out.where((eb) =>
      eb(
        'incidents.assignee_id',
        'in',
        eb
          .selectFrom('users')
          .select('users.id')
          .where('users.tenant_id', '=', tenantId)
          .where('users.status', '=', 'disabled'),
      ),
    ) as Q;
  else if (f.assignee) out = out.where('incidents.assignee_id', '=', f.assignee.userId) as Q;
  if (f.search) {
    // A literal: LIKE wildcards in the text are escaped, never interpreted.
    const like = sql`${likeLiteral(f.search)} escape '\\'`;
    const columns = ['reference', 'title', 'file_name', 'hostname', 'policy_name'];
    if (!f.namesHidden) columns.push('username');
    out = out.where((eb) =>
      eb.or([
        ...columns.map((c) => eb(sql`lower(${sql.ref(`incidents.${c}`)})`, 'like', like)),
        // Where its events sent content, and the notice reference a person saw (migration 0710).
        ...incidentSearchTerms(eb, like),
      ]),
    ) as Q;
  }
  if (f.more) out = applyMoreFilters(out, f.more);
  return out;
}

const SEVERITY_ORDER = sql<number>`case incidents.severity when 'critical' then 5 when 'high' then 4 when 'medium' then 3 when 'low' then 2 when 'info' then 1 else 0 end`;
const STATUS_ORDER = sql<number>`case incidents.status when 'new' then 1 when 'triaged' then 2 when 'investigating' then 3 when 'awaiting_user' then 4 when 'closed' then 5 else 6 end`;

function sortExpression(column: Sort['column']) {
  switch (column) {
    case 'priority':
      return { expr: sql`incidents.priority_score`, nullable: false };
    case 'reference':
      return { expr: sql`incidents.number`, nullable: false };
    case 'title':
      return { expr: sql`lower(incidents.title)`, nullable: true };
    case 'severity':
      return { expr: SEVERITY_ORDER, nullable: false };
    case 'risk':
      return { expr: sql`incidents.risk_score`, nullable: false };
    case 'status':
      return { expr: STATUS_ORDER, nullable: false };
    case 'assignee':
      return { expr: sql`lower(incidents.assignee_email)`, nullable: true };
    case 'user':
      return { expr: sql`lower(incidents.username)`, nullable: true };
    case 'endpoint':
      return { expr: sql`lower(incidents.hostname)`, nullable: true };
    case 'channel':
      return { expr: sql`incidents.channel`, nullable: false };
    case 'matches':
      return { expr: sql`incidents.match_count`, nullable: false };
    case 'events':
      return { expr: sql`incidents.event_count`, nullable: false };
    case 'created':
      return { expr: sql`incidents.created_at`, nullable: false };
    case 'last_seen':
      return { expr: sql`incidents.last_seen_at`, nullable: false };
  }
}

/** Sorts served by an index that starts (tenant_id, sort column): migrations 0430 and 0761. */
const INDEXED_SORTS: ReadonlySet<Sort['column']> = new Set(['priority', 'risk', 'last_seen'] as const);

/**
 * Whether a page filtered by a creation-time window should walk its sort's index and stop at the
 * page instead of reading every match through the window's index and sorting them (docs/reports.md,
 * Speed). SQLite keeps no statistics and always takes the window's index. Walking reads about
 * (offset + limit) × incidents / matches rows, the window's index `matches` rows and a sort: walk
 * when the first is smaller. PostgreSQL's planner weighs this itself from its statistics.
 */
async function walkSortIndex(
  db: Db,
  tenantId: string,
  f: IncidentFilter,
  sort: Sort,
  matches: number,
  page: { limit: number; offset: number },
): Promise<boolean> {
  if (!INDEXED_SORTS.has(sort.column) || (!f.createdSince && !f.createdUntil)) return false;
  if (page.limit === 0 || matches === 0 || dialectOf(db) !== 'sqlite') return false;
  // The tenant's incidents, under the same time budget as the listing.
  const all = await applyFilter(
    db.selectFrom('incidents').select((eb) => eb.fn.countAll<number>().as('n')),
    tenantId,
    { groupScope: null, budget: f.budget },
  ).executeTakeFirstOrThrow();
  return (page.offset + page.limit) * Number(all.n) < matches * matches;
}

export async function listIncidents(
  db: Db,
  tenantId: string,
  f: IncidentFilter,
  sort: Sort,
  page: { limit: number; offset: number },
): Promise<{ rows: IncidentsTable[]; total: number }> {
  const total = await applyFilter(
    db.selectFrom('incidents').select((eb) => eb.fn.countAll<number>().as('n')),
    tenantId,
    f,
  ).executeTakeFirstOrThrow();
  const { expr, nullable } = sortExpression(sort.column);
  const walk = await walkSortIndex(db, tenantId, f, sort, Number(total.n), page);
  // The page's ids first, then their rows: the sort carries ids and keys, never whole rows.
  let q = applyFilter(
    db.selectFrom('incidents').select('incidents.id'),
    tenantId,
    walk ? { ...f, windowByScan: true } : f,
  );
  // Document 2: empty values last whatever the direction; ties by latest activity then id.
  if (nullable) q = q.orderBy(sql`case when ${expr} is null or ${expr} = '' then 1 else 0 end`);
  q = q.orderBy(expr, sort.dir).orderBy('incidents.last_seen_at', 'desc').orderBy('incidents.id', 'asc');
  const ids = (await q.limit(page.limit).offset(page.offset).execute()).map((r) => r.id);
  const found =
    ids.length === 0
      ? []
      : // By primary key alone: with tenant_id in the WHERE the planner may pick a tenant index and
        // walk the whole tenant (the ids come from the tenant-bounded query; checked again below).
        await db.selectFrom('incidents').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(found.filter((r) => r.tenant_id === tenantId).map((r) => [r.id, r]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return { rows, total: Number(total.n) };
}

export async function findIncident(
  db: Db,
  tenantId: string,
  id: string,
  groupScope: readonly string[] | null,
) {
  return applyFilter(db.selectFrom('incidents').selectAll('incidents'), tenantId, { groupScope })
    .where('incidents.id', '=', id)
    .executeTakeFirst();
}

export async function incidentPolicies(db: Db, incidentId: string) {
  return db
    .selectFrom('incident_policies')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .orderBy('applied_events', 'desc')
    .orderBy('superseded_events', 'desc')
    .orderBy('policy_id')
    .limit(20)
    .execute();
}

export async function incidentLocations(db: Db, incidentId: string, limit: number, offset: number) {
  const total = await db
    .selectFrom('incident_locations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('incident_id', '=', incidentId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('incident_locations')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .orderBy('first_seen_at')
    .orderBy('path')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total.n) };
}
