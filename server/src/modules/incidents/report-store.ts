import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { FALSE_POSITIVE_DISPOSITIONS } from './policy-record-store.js';
import { applyFilter, type IncidentFilter } from './store.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Counts of the filtered incidents by severity and by status (a report run's summary,
 * docs/reports.md), from one grouped scan.
 */
export async function countIncidentsBySeverityAndStatus(
  db: Db,
  tenantId: string,
  f: IncidentFilter,
): Promise<{ by_severity: Record<string, number>; by_status: Record<string, number> }> {
  const rows = await applyFilter(
    db
      .selectFrom('incidents')
      .select(['incidents.severity', 'incidents.status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['incidents.severity', 'incidents.status']),
    tenantId,
    f,
  ).execute();
  const by_severity: Record<string, number> = {};
  const by_status: Record<string, number> = {};
  for (const r of rows) {
    by_severity[r.severity] = (by_severity[r.severity] ?? 0) + Number(r.n);
    by_status[r.status] = (by_status[r.status] ?? 0) + Number(r.n);
  }
  return { by_severity, by_status };
}

const GROUP_COLUMN = { severity: 'severity', policy: 'policy_id', channel: 'channel' } as const;

/**
 * The figure reports' counts (docs/reports.md, Figure kinds): incidents created since `since`,
 * grouped by severity, policy or channel. Whether a target was met is the value recorded when it
 * was decided (document 2, SLA targets); undecided targets count in neither column.
 */
export async function incidentFigures(
  db: Db,
  tenantId: string,
  f: IncidentFilter,
  grouping: keyof typeof GROUP_COLUMN,
) {
  const col = sql.ref(`incidents.${GROUP_COLUMN[grouping]}`);
  const count = (cond: ReturnType<typeof sql>) => sql<number>`sum(case when ${cond} then 1 else 0 end)`;
  const fp = sql.join(FALSE_POSITIVE_DISPOSITIONS.map((d) => sql`${d}`));
  return applyFilter(
    db
      .selectFrom('incidents')
      .select([
        sql<string | null>`${col}`.as('group_key'),
        sql<string | null>`max(incidents.policy_name)`.as('policy_name'),
        (eb) => eb.fn.countAll<number>().as('incidents'),
        count(sql`incidents.status <> 'closed'`).as('open'),
        count(sql`incidents.action = 'block'`).as('blocked'),
        count(sql`incidents.response_met = 1`).as('response_met'),
        count(sql`incidents.response_met = 0`).as('response_missed'),
        count(sql`incidents.resolution_met = 1`).as('resolution_met'),
        count(sql`incidents.resolution_met = 0`).as('resolution_missed'),
        count(sql`incidents.disposition in (${fp})`).as('false_positives'),
      ])
      .groupBy(col),
    tenantId,
    f,
  )
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(col)
    .limit(1_000)
    .execute();
}
