import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { IncidentResponseSettingsTable, IncidentSlaTable } from './sla-tables.js';
import './sla-tables.js';
import './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export const SLA_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type SlaSeverity = (typeof SLA_SEVERITIES)[number];

/** Minutes per severity; `info` has none (document 2). */
export interface SlaTargets {
  response: Record<SlaSeverity, number>;
  resolution: Record<SlaSeverity, number>;
  updated_at: string | null;
}

const DAY = 24 * 60;
/** Document 2: 1 h, 4 h, 24 h, 72 h; resolution 1, 3, 7, 14 days. */
export const DEFAULT_TARGETS: SlaTargets = {
  response: { critical: 60, high: 240, medium: DAY, low: 3 * DAY },
  resolution: { critical: DAY, high: 3 * DAY, medium: 7 * DAY, low: 14 * DAY },
  updated_at: null,
};

export function targetsOfRow(r: IncidentResponseSettingsTable | undefined): SlaTargets {
  if (!r) return DEFAULT_TARGETS;
  return {
    response: {
      critical: r.critical_minutes,
      high: r.high_minutes,
      medium: r.medium_minutes,
      low: r.low_minutes,
    },
    resolution: {
      critical: r.resolution_critical_minutes,
      high: r.resolution_high_minutes,
      medium: r.resolution_medium_minutes,
      low: r.resolution_low_minutes,
    },
    updated_at: r.updated_at,
  };
}

/** The tenant's targets, the defaults for a tenant that never set them. */
export async function slaTargets(db: Db, tenantId: string): Promise<SlaTargets> {
  const r = await db
    .selectFrom('incident_response_settings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return targetsOfRow(r);
}

export async function saveSlaTargets(db: Db, row: IncidentResponseSettingsTable): Promise<void> {
  const { tenant_id: _t, ...rest } = row;
  await db
    .insertInto('incident_response_settings')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(rest))
    .execute();
}

/** The clock of one incident; bigint columns read as numbers on every dialect. */
export async function slaRow(db: Db, incidentId: string): Promise<IncidentSlaTable | undefined> {
  const r = await db
    .selectFrom('incident_sla')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    ...r,
    awaiting_ms: Number(r.awaiting_ms),
    paused_elapsed_ms: r.paused_elapsed_ms === null ? null : Number(r.paused_elapsed_ms),
  };
}

export async function saveSlaRow(db: Db, row: IncidentSlaTable): Promise<void> {
  const { incident_id: _i, tenant_id: _t, ...rest } = row;
  await db
    .insertInto('incident_sla')
    .values(row)
    .onConflict((oc) => oc.column('incident_id').doUpdateSet(rest))
    .execute();
}

export async function setMet(
  db: Db,
  incidentId: string,
  patch: { response_met?: number | null; resolution_met?: number | null },
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('incidents').set(patch).where('id', '=', incidentId).execute();
}

/**
 * Values of the list's `sla` filter (for GET /incidents; docs/incidents.md, SLA targets):
 * recorded outcomes (`*_met`, `*_missed`), clocks running past their target now (`*_overdue`),
 * and `breached` = any missed or overdue.
 */
export const SLA_FILTER_VALUES = [
  'response_met',
  'response_missed',
  'response_overdue',
  'resolution_met',
  'resolution_missed',
  'resolution_overdue',
  'breached',
] as const;
export type SlaFilterValue = (typeof SLA_FILTER_VALUES)[number];

type IncidentEb = ExpressionBuilder<Database, 'incidents'>;

/** CASE incidents.severity WHEN … THEN value per severity ELSE null END. */
function bySeverity<T extends string | number>(eb: IncidentEb, f: (s: SlaSeverity) => T) {
  let c = eb.case('incidents.severity').when('critical').then(f('critical'));
  for (const s of SLA_SEVERITIES.slice(1)) c = c.when(s).then(f(s));
  return c.else(null).end();
}

/** The same with integers written into the statement (typed, so PostgreSQL compares numbers). */
function msBySeverity(eb: IncidentEb, f: (s: SlaSeverity) => number) {
  let c = eb
    .case('incidents.severity')
    .when('critical')
    .then(eb.lit(f('critical')));
  for (const s of SLA_SEVERITIES.slice(1)) c = c.when(s).then(eb.lit(f(s)));
  return c.else(null).end();
}

/**
 * A WHERE condition on `incidents` for one `sla` filter value, judged against the tenant's
 * current targets at `now` for clocks still running (recorded outcomes never move). Plain
 * comparisons of ISO timestamps and integers: the same on SQLite and PostgreSQL.
 * Use: `.where((eb) => slaCondition(eb, 'breached', await slaTargets(db, tenantId), now))`.
 */
export function slaCondition(
  eb: IncidentEb,
  value: SlaFilterValue,
  targets: SlaTargets,
  now: Date,
): Expression<SqlBool> {
  const before = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  const responseOverdue = () =>
    eb.and([
      eb('incidents.status', '=', 'new'),
      eb(
        'incidents.created_at',
        '<',
        bySeverity(eb, (s) => before(targets.response[s])),
      ),
    ]);
  const resolutionOverdue = () =>
    eb.and([
      eb('incidents.resolution_met', 'is', null),
      eb('incidents.status', '!=', 'closed'),
      eb.or([
        eb.and([
          eb('incidents.status', '=', 'new'),
          eb(
            'incidents.created_at',
            '<',
            bySeverity(eb, (s) => before(targets.resolution[s])),
          ),
        ]),
        eb.exists(
          eb
            .selectFrom('incident_sla')
            .select('incident_sla.incident_id')
            .whereRef('incident_sla.incident_id', '=', 'incidents.id')
            .where((x) =>
              x.or([
                x.and([
                  x('incident_sla.paused_at', 'is', null),
                  x(
                    'incident_sla.clock_from',
                    '<',
                    bySeverity(eb, (s) => before(targets.resolution[s])),
                  ),
                ]),
                x(
                  'incident_sla.paused_elapsed_ms',
                  '>',
                  msBySeverity(eb, (s) => targets.resolution[s] * 60_000),
                ),
              ]),
            ),
        ),
      ]),
    ]);
  switch (value) {
    case 'response_met':
      return eb('incidents.response_met', '=', 1);
    case 'response_missed':
      return eb('incidents.response_met', '=', 0);
    case 'resolution_met':
      return eb('incidents.resolution_met', '=', 1);
    case 'resolution_missed':
      return eb('incidents.resolution_met', '=', 0);
    case 'response_overdue':
      return responseOverdue();
    case 'resolution_overdue':
      return resolutionOverdue();
    case 'breached':
      return eb.or([
        eb('incidents.response_met', '=', 0),
        eb('incidents.resolution_met', '=', 0),
        responseOverdue(),
        resolutionOverdue(),
      ]);
  }
}

/** What the SLA clock needs of an incident, read in the writer's transaction. */
export async function slaSubjectOf(db: Db, incidentId: string) {
  return db
    .selectFrom('incidents')
    .select(['id', 'tenant_id', 'severity', 'created_at'])
    .where('id', '=', incidentId)
    .executeTakeFirst();
}
