import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What the Activity Explorer asks of the stored events (docs/activity-explorer.md). Every field
 * but the tenant and the window is optional; lists are "any of".
 */
export interface ActivityFilter {
  tenantId: string;
  /** Inclusive start and exclusive end, ISO-8601 UTC. */
  from: string;
  to: string;
  search?: string;
  channels?: readonly string[];
  /** Applied actions (the outcome filter arrives here as its actions). */
  actions?: readonly string[];
  category?: string;
  /** `internet` (mark zone 3 or 4), `local` (zone 0 to 2) or `none` (no mark of the web). */
  trust?: 'internet' | 'local' | 'none';
  user?: string;
  endpoint?: string;
  /** A policy among the event's matched policies. */
  policy?: string;
  /** The policy that decided the event. */
  policyId?: string;
  /** Events about the same file as a given event: its content hash, else its path. */
  sameFile?: { blake3: string | null; path: string | null };
  matchedNoIncident?: boolean;
  enforcement?: 'applied' | 'reduced_by_capability';
  /** true: every channel but discovery; false: discovery only. */
  userActivity?: boolean;
  /** Endpoint-group scope: only these devices (a subquery of device ids). */
  deviceIn?: SelectQueryBuilder<Database, keyof Database, { id: string }> | null;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Db, f: ActivityFilter) {
  let q = db
    .selectFrom('agent_events')
    .where('tenant_id', '=', f.tenantId)
    .where('occurred_at', '>=', f.from)
    .where('occurred_at', '<', f.to);
  if (f.deviceIn) q = q.where('device_id', 'in', f.deviceIn);
  if (f.channels?.length) q = q.where('channel', 'in', [...f.channels]);
  if (f.actions) q = q.where('action', 'in', f.actions.length ? [...f.actions] : ['']);
  if (f.search) {
    // Case-insensitive on both dialects: PostgreSQL's LIKE is case-sensitive, SQLite's is not.
    const p = like(f.search.toLowerCase());
    q = q.where((eb) =>
      eb.or(
        ['file_name', 'file_path', 'user_name', 'hostname'].map((c) =>
          eb(sql`lower(${sql.ref(c)})`, 'like', sql<string>`${p} escape '\\'`),
        ),
      ),
    );
  }
  if (f.category)
    q = q.where('payload', 'like', sql<string>`${like(`"category":"${f.category}"`)} escape '\\'`);
  if (f.trust === 'none') q = q.where('file_mark_zone', 'is', null);
  if (f.trust === 'internet') q = q.where('file_mark_zone', '>=', 3);
  if (f.trust === 'local') q = q.where('file_mark_zone', '<=', 2);
  if (f.user) q = q.where((eb) => eb.or([eb('user_name', '=', f.user!), eb('user_id', '=', f.user!)]));
  if (f.endpoint)
    q = q.where((eb) => eb.or([eb('device_id', '=', f.endpoint!), eb('hostname', '=', f.endpoint!)]));
  if (f.policyId) q = q.where('decided_by_policy_id', '=', f.policyId);
  if (f.policy) q = q.where('payload', 'like', sql<string>`${like(`"${f.policy}"`)} escape '\\'`);
  if (f.sameFile) {
    const { blake3, path } = f.sameFile;
    q = blake3 ? q.where('file_blake3', '=', blake3) : q.where('file_path', '=', path ?? '');
  }
  if (f.matchedNoIncident) q = q.where('match_count', '>', 0).where('incident_id', 'is', null);
  if (f.enforcement) {
    const reduced = like('"enforcement":"reduced_by_capability"');
    q =
      f.enforcement === 'reduced_by_capability'
        ? q.where('payload', 'like', sql<string>`${reduced} escape '\\'`)
        : q.where('payload', 'not like', sql<string>`${reduced} escape '\\'`);
  }
  if (f.userActivity !== undefined) q = q.where('channel', f.userActivity ? '<>' : '=', 'discovery');
  return q as SelectQueryBuilder<Database, 'agent_events', object>;
}

const ROW_COLUMNS = [
  'id',
  'device_id',
  'occurred_at',
  'received_at',
  'channel',
  'action',
  'requested_action',
  'severity',
  'decided_by_policy_id',
  'user_name',
  'hostname',
  'file_name',
  'file_path',
  'file_blake3',
  'file_mark_zone',
  'match_count',
  'incident_id',
  'payload',
] as const;

/** A page of matching events, newest first. */
export function activityRows(db: Db, f: ActivityFilter, page: { limit: number; offset: number }) {
  return filtered(db, f)
    .select(ROW_COLUMNS)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type ActivityRow = Awaited<ReturnType<typeof activityRows>>[number];

/**
 * Counts per hour (`unit` 13: `YYYY-MM-DDTHH`) or per day (`unit` 10), channel and applied
 * action; the caller folds them into its buckets.
 */
export async function activityCounts(db: Db, f: ActivityFilter, unit: 10 | 13) {
  const slot = sql<string>`substr(occurred_at, 1, ${sql.lit(unit)})`;
  const rows = await filtered(db, f)
    .select([slot.as('slot'), 'channel', 'action', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy([slot, 'channel', 'action'])
    .execute();
  return rows.map((r) => ({ slot: r.slot, channel: r.channel, action: r.action, n: Number(r.n) }));
}

/** One stored event's file facts (Activity Explorer `related_file`); undefined when not the tenant's. */
export function activityEventFile(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('agent_events')
    .select(['file_blake3', 'file_path'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Discovery events of the window in endpoint then time order (the runs are inferred from them). */
export function discoveryEvents(db: Db, f: ActivityFilter, max: number) {
  return filtered(db, { ...f, channels: ['discovery'] })
    .select(['device_id', 'hostname', 'occurred_at', 'match_count', 'incident_id'])
    .orderBy('device_id')
    .orderBy('occurred_at')
    .limit(max)
    .execute();
}
