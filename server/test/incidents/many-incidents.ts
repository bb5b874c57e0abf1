import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { dialectOf } from '../../src/db/dialect.js';

const STATUSES = ['new', 'triaged', 'investigating', 'awaiting_user', 'closed'];
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];
const CHANNELS = [
  'file_create',
  'file_modify',
  'removable_storage',
  'browser_upload',
  'cloud_storage',
  'print',
];

const pick = (values: string[], k: string) =>
  sql.raw(`(case ${k} % ${values.length} ${values.map((v, i) => `when ${i} then '${v}'`).join(' ')} end)`);

/** An ISO-8601 UTC text time `seconds` before `src.created_at`, in the stored form. */
function earlier(postgres: boolean, seconds: string): string {
  return postgres
    ? `to_char((src.created_at::timestamptz - make_interval(secs => ${seconds})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', src.created_at, '-' || ${seconds} || ' seconds')`;
}

/**
 * Copies one incident `count` times in one statement (SQLite: a recursive CTE; PostgreSQL:
 * generate_series), varying status, severity, channel, risk, priority and times by the copy
 * number: a large queue in seconds for the timeout tests and the 1,000,000-incident bench. Ids are
 * UUID-shaped (`…-<copy number in hex>`).
 */
export async function cloneIncidents(
  db: Kysely<Database>,
  sourceId: string,
  count: number,
  firstCopy = 1,
): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const info = postgres
    ? await sql<{ name: string }>`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = 'incidents' order by ordinal_position`.execute(db)
    : await sql<{ name: string }>`pragma table_info(incidents)`.execute(db);
  const k = 'seq.k';
  const over: Record<string, ReturnType<typeof sql.raw>> = {
    id: sql.raw(
      postgres
        ? `'00000000-0000-4000-8000-' || lpad(to_hex(${k}), 12, '0')`
        : `printf('00000000-0000-4000-8000-%012x', ${k})`,
    ),
    number: sql.raw(`src.number + ${k}`),
    reference: sql.raw(`'INC-' || (src.number + ${k})`),
    status: pick(STATUSES, k),
    severity: pick(SEVERITIES, `(${k} / 5)`),
    channel: pick(CHANNELS, `(${k} / 25)`),
    risk_score: sql.raw(`${k} % 101`),
    priority_score: sql.raw(`(${k} * 7) % 100`),
    correlation_key: sql.raw('null'),
    created_at: sql.raw(earlier(postgres, k)),
    first_seen_at: sql.raw(earlier(postgres, k)),
    last_seen_at: sql.raw(earlier(postgres, `(${k} % 5000)`)),
  };
  const names = info.rows.map((r) => r.name);
  const values = names.map((n) => over[n] ?? sql.raw(`src.${n}`));
  const last = firstCopy + count - 1;
  const columns = sql.join(names.map((n) => sql.ref(n)));
  if (postgres) {
    await sql`insert into incidents (${columns}) select ${sql.join(values)}
      from generate_series(${sql.lit(firstCopy)}, ${sql.lit(last)}) as seq(k), incidents src
      where src.id = ${sourceId}`.execute(db);
    return;
  }
  await sql`with recursive seq(k) as (select ${firstCopy} union all select k + 1 from seq where k < ${
    last
  }) insert into incidents (${columns}) select ${sql.join(values)} from seq, incidents src where src.id = ${sourceId}`.execute(
    db,
  );
}
