import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { FALSE_POSITIVE_DISPOSITIONS } from './policy-record-store.js';
import { applyFilter, type IncidentFilter } from './store.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Counts of the filtered incidents by one column (a report run's summary, docs/reports.md). */
export async function countIncidentsBy(
  db: Db,
  tenantId: string,
  f: IncidentFilter,
  column: 'severity' | 'status',
): Promise<Record<string, number>> {
  const rows = await applyFilter(
    db
      .selectFrom('incidents')
      .select([
        sql<string>`${sql.ref(`incidents.${column}`)}`.as('k'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .groupBy(`incidents.${column}`),
    tenantId,
    f,
  ).execute();
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
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
