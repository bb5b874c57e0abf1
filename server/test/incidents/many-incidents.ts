import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/database.js';

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

/**
 * Copies one incident `count` times in one SQLite statement (recursive CTE), varying status,
 * severity, channel, risk, priority and times by the copy number: a large queue in seconds for the
 * timeout tests and the 1,000,000-incident bench. Ids are UUID-shaped (`…-<copy number in hex>`).
 */
export async function cloneIncidents(
  db: Kysely<Database>,
  sourceId: string,
  count: number,
  firstCopy = 1,
): Promise<void> {
  const info = await sql<{ name: string }>`pragma table_info(incidents)`.execute(db);
  const k = 'seq.k';
  const over: Record<string, ReturnType<typeof sql.raw>> = {
    id: sql.raw(`printf('00000000-0000-4000-8000-%012x', ${k})`),
    number: sql.raw(`src.number + ${k}`),
    reference: sql.raw(`'INC-' || (src.number + ${k})`),
    status: pick(STATUSES, k),
    severity: pick(SEVERITIES, `(${k} / 5)`),
    channel: pick(CHANNELS, `(${k} / 25)`),
    risk_score: sql.raw(`${k} % 101`),
    priority_score: sql.raw(`(${k} * 7) % 100`),
    correlation_key: sql.raw('null'),
    created_at: sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', src.created_at, '-' || ${k} || ' seconds')`),
    first_seen_at: sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', src.created_at, '-' || ${k} || ' seconds')`),
    last_seen_at: sql.raw(
      `strftime('%Y-%m-%dT%H:%M:%fZ', src.created_at, '-' || (${k} % 5000) || ' seconds')`,
    ),
  };
  const names = info.rows.map((r) => r.name);
  const values = names.map((n) => over[n] ?? sql.raw(`src.${n}`));
  await sql`with recursive seq(k) as (select ${firstCopy} union all select k + 1 from seq where k < ${
    firstCopy + count - 1
  }) insert into incidents (${sql.join(names.map((n) => sql.ref(n)))}) select ${sql.join(
    values,
  )} from seq, incidents src where src.id = ${sourceId}`.execute(db);
}
