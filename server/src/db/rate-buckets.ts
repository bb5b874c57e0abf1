import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './database.js';
import { dialectOf } from './dialect.js';
import { prepared } from './prepared.js';

/** Shared token buckets (migration 0610; http/shared-buckets.ts uses them). */
export interface RateBucketsTable {
  kind: string;
  key: string;
  level: number;
  at_ms: number;
  /** 1 when the last take fitted (and was taken), 0 when it was refused. */
  taken: number;
}

declare module './database.js' {
  interface Database {
    rate_buckets: RateBucketsTable;
  }
}

export interface BucketTake {
  kind: string;
  key: string;
  cost: number;
  burst: number;
  /** Tokens that flow in per millisecond. */
  perMs: number;
  nowMs: number;
}

/**
 * One statement per take, atomic on both databases: refill the stored level by the time since
 * the last take (up to the burst), take `cost` if it fits, and answer the level left and whether
 * it was taken. A bucket never seen starts full. Concurrent takes on one row queue on its row
 * lock (PostgreSQL) or the single writer (SQLite), so no take is lost between instances.
 */
export async function takeFromBucket(
  db: Kysely<Database> | Transaction<Database>,
  t: BucketTake,
): Promise<{ taken: boolean; level: number }> {
  const first = t.cost <= t.burst;
  const result = await take(
    db,
    t.kind,
    t.key,
    t.cost,
    t.burst,
    t.nowMs,
    t.perMs,
    first ? t.burst - t.cost : t.burst,
    first ? 1 : 0,
  );
  const r = result.rows[0];
  if (!r) throw new Error('rate bucket upsert returned no row');
  return { taken: Number(r.taken) === 1, level: Number(r.level) };
}

/** The take's statement, built once per dialect (prepared.ts): it runs on every signed request. */
const take = prepared(
  'rate-buckets.take',
  (
    db: Kysely<Database> | Transaction<Database>,
    kind: string,
    key: string,
    costValue: number,
    burstValue: number,
    nowMs: number,
    perMs: number,
    firstLevel: number,
    firstTaken: number,
  ) => {
    const [least, greatest] = dialectOf(db) === 'postgres' ? ['least', 'greatest'] : ['min', 'max'];
    const cost = sql`cast(${costValue} as double precision)`;
    const burst = sql`cast(${burstValue} as double precision)`;
    const now = sql`cast(${nowMs} as bigint)`;
    const refilled = sql`${sql.raw(least)}(${burst}, rate_buckets.level + ${sql.raw(greatest)}(0, ${now} - rate_buckets.at_ms) * cast(${perMs} as double precision))`;
    return sql<{ level: number; taken: number }>`
    insert into rate_buckets (kind, key, level, at_ms, taken)
    values (${kind}, ${key}, ${firstLevel}, ${now}, ${firstTaken})
    on conflict (kind, key) do update set
      level = ${refilled} - case when ${refilled} >= ${cost} then ${cost} else 0 end,
      at_ms = ${sql.raw(greatest)}(rate_buckets.at_ms, ${now}),
      taken = case when ${refilled} >= ${cost} then 1 else 0 end
    returning level, taken`;
  },
);

/** Puts `amount` back (a take undone because a later check refused the request). */
export async function refundToBucket(
  db: Kysely<Database> | Transaction<Database>,
  t: { kind: string; key: string; amount: number; burst: number },
): Promise<void> {
  const least = dialectOf(db) === 'postgres' ? 'least' : 'min';
  await sql`update rate_buckets
    set level = ${sql.raw(least)}(cast(${t.burst} as double precision), level + cast(${t.amount} as double precision))
    where kind = ${t.kind} and key = ${t.key}`.execute(db);
}
