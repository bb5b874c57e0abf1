import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { type RowStatement, runRows } from '../../db/row-statements.js';
import type { ActivityFilter } from './activity-store.js';
import type { AgentEventHoursTable } from './hours-tables.js';
import './hours-tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The roll-up's hour of an `occurred_at` (ISO-8601 UTC): `YYYY-MM-DDTHH`. */
export const hourOf = (occurredAt: string) => occurredAt.slice(0, 13);

/** The ISO time `plus` hours after the start of `hour`, as events store it (compared as text). */
const hourStart = (hour: string, plus: number) =>
  new Date(Date.parse(`${hour}:00:00.000Z`) + plus * 3_600_000).toISOString();

const HOUR_COLUMNS = [
  'tenant_id',
  'hour',
  'channel',
  'action',
  'events',
] as const satisfies readonly (keyof AgentEventHoursTable)[];

/** Adds each row's events to what the hour already holds. */
const ADD_HOURS: RowStatement<AgentEventHoursTable> = {
  name: 'agent_event_hours.add',
  columns: HOUR_COLUMNS,
  max: 100,
  build: (db, rows) =>
    db
      .insertInto('agent_event_hours')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'hour', 'channel', 'action']).doUpdateSet((eb) => ({
          events: eb('agent_event_hours.events', '+', eb.ref('excluded.events')),
        })),
      ),
};

/**
 * Counts newly stored events into the roll-up; call it in the transaction that inserts them (and
 * only for the events actually inserted), so the roll-up and the events commit or fail together.
 * Rows are written in key order: two PostgreSQL transactions adding to the same hours lock them
 * in the same order and never deadlock.
 */
export async function addEventHours(
  db: Db,
  tenantId: string,
  events: readonly { occurred_at: string; channel: string; action: string }[],
): Promise<void> {
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${hourOf(e.occurred_at)}\u0000${e.channel}\u0000${e.action}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const rows = [...counts.keys()].sort().map((key) => [tenantId, ...key.split('\u0000'), counts.get(key)]);
  await runRows(db, ADD_HOURS, rows);
}

/**
 * Recounts the roll-up of one tenant's hours `fromHour` to `toHour` (inclusive, `YYYY-MM-DDTHH`;
 * `fromHour` null = every hour up to `toHour`) from the stored events. Whatever deletes events
 * (retention) calls it in the same transaction, for the hours it deleted from.
 */
export async function recountEventHours(
  db: Db,
  tenantId: string,
  fromHour: string | null,
  toHour: string,
): Promise<void> {
  let gone = db.deleteFrom('agent_event_hours').where('tenant_id', '=', tenantId).where('hour', '<=', toHour);
  if (fromHour !== null) gone = gone.where('hour', '>=', fromHour);
  await gone.execute();
  const hour = sql<string>`substr(occurred_at, 1, 13)`;
  let q = db
    .selectFrom('agent_events')
    .select([
      'tenant_id',
      hour.as('hour'),
      'channel',
      'action',
      (eb) => eb.fn.countAll<number>().as('events'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('occurred_at', '<', hourStart(toHour, 1));
  if (fromHour !== null) q = q.where('occurred_at', '>=', hourStart(fromHour, 0));
  await db
    .insertInto('agent_event_hours')
    .columns(['tenant_id', 'hour', 'channel', 'action', 'events'])
    .expression(q.groupBy(['tenant_id', hour, 'channel', 'action']))
    .execute();
}

/** The tenants the roll-up holds hours for (a retention sweep recounts each). */
export async function eventHourTenants(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('agent_event_hours').select('tenant_id').distinct().execute();
  return rows.map((r) => r.tenant_id);
}

/**
 * Whether the roll-up answers this filter: only the window, channels, applied actions (the
 * outcome filter arrives as actions) and the event kind (a channel test) are in it. Any other
 * filter, present or added later, is counted from the events.
 */
export function hoursAnswer(f: ActivityFilter): boolean {
  return Object.entries(f).every(
    ([k, v]) =>
      IN_HOURS.has(k) || v === undefined || v === null || (k === 'matchedNoIncident' && v === false),
  );
}

const IN_HOURS = new Set(['tenantId', 'from', 'to', 'channels', 'actions', 'userActivity']);

/**
 * The timeline counts of whole hours `fromHour` (inclusive) to `toHour` (exclusive) from the
 * roll-up, per hour (`unit` 13) or day (`unit` 10), channel and applied action, in the form of
 * `activityCounts`. Only for a filter `hoursAnswer` accepts.
 */
export async function hourCounts(db: Db, f: ActivityFilter, fromHour: string, toHour: string, unit: 10 | 13) {
  const slot = sql<string>`substr(hour, 1, ${sql.lit(unit)})`;
  let q = db
    .selectFrom('agent_event_hours')
    .select([slot.as('slot'), 'channel', 'action', (eb) => eb.fn.sum<number | string>('events').as('n')])
    .where('tenant_id', '=', f.tenantId)
    .where('hour', '>=', fromHour)
    .where('hour', '<', toHour);
  if (f.channels?.length) q = q.where('channel', 'in', [...f.channels]);
  if (f.actions) q = q.where('action', 'in', f.actions.length ? [...f.actions] : ['']);
  if (f.userActivity !== undefined) q = q.where('channel', f.userActivity ? '<>' : '=', 'discovery');
  const rows = await q.groupBy([slot, 'channel', 'action']).execute();
  return rows.map((r) => ({ slot: r.slot, channel: r.channel, action: r.action, n: Number(r.n) }));
}
