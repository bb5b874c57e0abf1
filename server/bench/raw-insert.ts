import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/db/database.js';
import { dialectOf } from '../src/db/dialect.js';

/**
 * The floor the ingest figure is compared with (issue 23, "Ingest speed"): the rows ingest just
 * stored, inserted again into a copy of `agent_events` with the same keys and indexes, as plain
 * multi-row INSERTs of 500 rows, one transaction per 500 (as ingest commits one per batch). No
 * parsing, signing, correlation or scoring: what the database alone costs for the same rows.
 */
export async function rawInsertRate(db: Kysely<Database>): Promise<number> {
  const rows = (await sql`select * from agent_events`.execute(db)).rows as Record<string, unknown>[];
  if (dialectOf(db) === 'postgres') {
    await sql`create table agent_events_raw (like agent_events including all)`.execute(db);
  } else {
    const ddl = (
      await sql<{
        sql: string;
      }>`select sql from sqlite_master where tbl_name = 'agent_events' and sql is not null`.execute(db)
    ).rows;
    for (const d of ddl) await sql.raw(d.sql.replaceAll('agent_events', 'agent_events_raw')).execute(db);
  }
  const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  try {
    const start = performance.now();
    for (let i = 0; i < rows.length; i += 500) {
      await raw.transaction().execute(async (trx) => {
        await trx
          .insertInto('agent_events_raw')
          .values(rows.slice(i, i + 500))
          .execute();
      });
    }
    return rows.length / ((performance.now() - start) / 1000);
  } finally {
    await sql`drop table agent_events_raw`.execute(db);
  }
}
