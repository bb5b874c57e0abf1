import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';

/**
 * SQL of the stored-events retention job (retention.ts). PostgreSQL: monthly partitions of
 * `agent_events` named `agent_events_pYYYYMM` (migration 0860). Both: expired rows outside a
 * dropped month deleted in small batches through the (tenant_id, occurred_at) index.
 */

/** `agent_events_p202611` for the month starting at `monthStart` (UTC). */
export function partitionName(monthStart: Date): string {
  return `agent_events_p${monthStart.toISOString().slice(0, 7).replace('-', '')}`;
}

/** The monthly partitions attached to `agent_events`, by name. */
export async function monthlyPartitions(db: Kysely<Database>): Promise<string[]> {
  const r = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
    where p.relname = 'agent_events' and c.relname ~ '^agent_events_p[0-9]{6}$'
    order by c.relname`.execute(db);
  return r.rows.map((row) => row.name);
}

/**
 * Creates the partition of [from, to) and attaches it, first moving the rows of that range out of
 * the DEFAULT partition (PostgreSQL refuses a partition whose rows the default still holds). One
 * transaction: a failure leaves the table as it was.
 */
export async function createMonthPartition(db: Kysely<Database>, name: string, from: string, to: string) {
  await db.transaction().execute(async (trx) => {
    const table = sql.table(name);
    await sql`create table ${table} (like agent_events including defaults)`.execute(trx);
    await sql`insert into ${table} select * from agent_events_default
      where occurred_at >= ${from} and occurred_at < ${to}`.execute(trx);
    await sql`delete from agent_events_default where occurred_at >= ${from} and occurred_at < ${to}`.execute(
      trx,
    );
    await sql`alter table agent_events attach partition ${table}
      for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
  });
}

/** Drops a whole month at once: no row-by-row delete, no table bloat. */
export async function dropMonthPartition(db: Kysely<Database>, name: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`alter table agent_events detach partition ${sql.table(name)}`.execute(trx);
    await sql`drop table ${sql.table(name)}`.execute(trx);
  });
}

/**
 * At most `limit` of one tenant's events older than the cutoff, found through the (tenant_id,
 * occurred_at) index. SQLite by rowid; PostgreSQL by the primary key (a ctid is only unique
 * within one partition), the cutoff pruning every partition after it.
 */
export async function deleteTenantEventsBefore(
  db: Kysely<Database>,
  tenantId: string,
  cutoff: string,
  limit: number,
): Promise<number> {
  const r =
    dialectOf(db) === 'postgres'
      ? await sql`delete from agent_events where (device_id, id, occurred_at) in
          (select device_id, id, occurred_at from agent_events
            where tenant_id = ${tenantId} and occurred_at < ${cutoff} limit ${limit})`.execute(db)
      : await sql`delete from agent_events where rowid in
          (select rowid from agent_events where tenant_id = ${tenantId} and occurred_at < ${cutoff} limit ${limit})`.execute(
          db,
        );
  return Number(r.numAffectedRows ?? 0);
}

/** Stored events per device, by device id (devices without events are absent). */
export async function eventCountsByDevice(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('agent_events')
    .select((eb) => ['device_id', eb.fn.countAll<number>().as('n')])
    .groupBy('device_id')
    .execute();
  return new Map(rows.map((r) => [r.device_id, Number(r.n)]));
}
