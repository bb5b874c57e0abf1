import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 23, "Events at volume" (docs/deploy.md, "Stored events at volume"): on PostgreSQL,
 * `agent_events` becomes a table partitioned by month of `occurred_at`, so the retention job drops
 * a whole month instead of deleting row by row. Rows start in the DEFAULT partition; the retention
 * job carves the monthly partitions out of it (and creates the next ones ahead). PostgreSQL wants
 * the partition key in the primary key: it becomes (device_id, id, occurred_at), and ingest keeps
 * (device_id, id) unique itself (it looks the ids up before inserting, under the batch's
 * idempotency row). SQLite keeps its single table: its retention deletes in small batches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table agent_events rename to agent_events_unpartitioned`.execute(db);
  await sql`create table agent_events (like agent_events_unpartitioned including defaults)
    partition by range (occurred_at)`.execute(db);
  await sql`create table agent_events_default partition of agent_events default`.execute(db);
  await sql`insert into agent_events select * from agent_events_unpartitioned`.execute(db);
  await sql`drop table agent_events_unpartitioned`.execute(db);
  await sql`alter table agent_events add constraint agent_events_pk primary key (device_id, id, occurred_at)`.execute(
    db,
  );
  await sql`alter table agent_events add foreign key (tenant_id) references tenants (id)`.execute(db);
  await sql`alter table agent_events add foreign key (device_id) references devices (id)`.execute(db);
  await sql`create index agent_events_incident on agent_events (incident_id, occurred_at)`.execute(db);
  await sql`create index agent_events_tenant_time on agent_events (tenant_id, occurred_at)`.execute(db);
}
