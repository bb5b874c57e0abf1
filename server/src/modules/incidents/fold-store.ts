import { CompiledQuery } from 'kysely';
import { type DialectName, dialectOf } from '../../db/dialect.js';
import { chunkSizes } from '../../db/row-statements.js';
import type { Trx } from './incident-write-store.js';
import type { IncidentsTable } from './tables.js';

/**
 * The fold of a batch into incidents that exist: one `UPDATE … FROM (VALUES …)` per chunk of rows,
 * binding each row's id and the columns it sets, no more. The upsert it replaces bound all 43
 * columns of each row and went through an INSERT's checks before its UPDATE: on SQLite that
 * cost about twice the update's time per incident (docs/agent-interface.md, Throughput).
 */
export type FoldedColumn = keyof IncidentsTable &
  (
    | 'event_count'
    | 'match_count'
    | 'first_seen_at'
    | 'last_seen_at'
    | 'evaluated_offline'
    | 'action'
    | 'requested_action'
    | 'severity'
    | 'superseded_policy_ids'
    | 'updated_at'
    | 'row_version'
    | 'risk_score'
    | 'priority_score'
  );

/** PostgreSQL's type of each folded column (migration 0303): its VALUES are cast to them. */
const PG_TYPE: Record<FoldedColumn | 'id', string> = {
  id: 'text',
  event_count: 'integer',
  match_count: 'integer',
  first_seen_at: 'text',
  last_seen_at: 'text',
  evaluated_offline: 'integer',
  action: 'text',
  requested_action: 'text',
  severity: 'text',
  superseded_policy_ids: 'text',
  updated_at: 'text',
  row_version: 'integer',
  risk_score: 'integer',
  priority_score: 'integer',
};

/** Rows per statement: 128 rows of at most 14 values stay far below both dialects' limits. */
const MAX_ROWS = 128;

const templates = new Map<string, string>();

/** The statement setting `set` on `rows` incidents, compiled once per dialect, columns and size. */
export function foldSql(dialect: DialectName, set: readonly FoldedColumn[], rows: number): string {
  const key = `${dialect}|${set.join(',')}|${rows}`;
  const known = templates.get(key);
  if (known !== undefined) return known;
  const columns = ['id', ...set] as const;
  let n = 0;
  const param =
    dialect === 'postgres'
      ? (c: FoldedColumn | 'id') => {
          n += 1;
          return `$${n}::${PG_TYPE[c]}`;
        }
      : () => '?';
  const values = Array.from({ length: rows }, () => `(${columns.map(param).join(', ')})`).join(', ');
  const assign = set.map((c) => `"${c}" = "v"."${c}"`).join(', ');
  const names = columns.map((c) => `"${c}"`).join(', ');
  // SQLite names a VALUES list's columns column1…; a CTE's column list names them on both.
  const sql = `with "v" (${names}) as (values ${values}) update "incidents" set ${assign} from "v" where "incidents"."id" = "v"."id"`;
  templates.set(key, sql);
  return sql;
}

/** Sets `set` on each of these stored incidents to its row's values. */
export async function foldIncidents(
  trx: Trx,
  set: readonly FoldedColumn[],
  rows: readonly IncidentsTable[],
): Promise<void> {
  const dialect = dialectOf(trx);
  let at = 0;
  for (const size of chunkSizes(rows.length, MAX_ROWS)) {
    const values: unknown[] = [];
    for (let r = at; r < at + size; r += 1) {
      const row = rows[r] as IncidentsTable;
      values.push(row.id);
      for (const c of set) values.push(row[c]);
    }
    at += size;
    await trx.executeQuery(CompiledQuery.raw(foldSql(dialect, set, size), values));
  }
}
