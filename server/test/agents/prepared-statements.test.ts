import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedRows, prepared } from '../../src/db/prepared.js';
import { createTestApp, type TestContext } from '../helpers/index.js';

/**
 * Hot-path statements compiled once per dialect and run with their arguments bound
 * (server/src/db/prepared.ts): each call binds its own values, constants stay bound, and a
 * statement whose shape would depend on an argument is refused instead of running wrong SQL.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const insert = prepared('test.insertBatch', (db, deviceId: string, batchId: string, at: string) =>
  db
    .insertInto('ingest_batches')
    .values({ device_id: deviceId, batch_id: batchId, tenant_id: 't', response: '{}', created_at: at })
    .onConflict((oc) => oc.columns(['device_id', 'batch_id']).doNothing()),
);
const byDevice = prepared('test.byDevice', (db, deviceId: string, limit: number) =>
  db
    .selectFrom('ingest_batches')
    .select(['batch_id', 'tenant_id'])
    .where('device_id', '=', deviceId)
    .orderBy('batch_id')
    .limit(limit),
);

describe('prepared statements', () => {
  it('binds each call’s own arguments and the builder’s constants', async () => {
    expect(changedRows(await insert(ctx.db, 'd1', 'b1', '2026-01-01'))).toBe(1);
    expect(changedRows(await insert(ctx.db, 'd1', 'b2', '2026-01-02'))).toBe(1);
    expect(changedRows(await insert(ctx.db, 'd2', 'b1', '2026-01-03'))).toBe(1);
    // The same row again: nothing inserted, and the count says so.
    expect(changedRows(await insert(ctx.db, 'd1', 'b1', '2026-01-04'))).toBe(0);
    expect((await byDevice(ctx.db, 'd1', 10)).rows).toEqual([
      { batch_id: 'b1', tenant_id: 't' },
      { batch_id: 'b2', tenant_id: 't' },
    ]);
    expect((await byDevice(ctx.db, 'd1', 1)).rows).toEqual([{ batch_id: 'b1', tenant_id: 't' }]);
    expect((await byDevice(ctx.db, 'd2', 10)).rows).toEqual([{ batch_id: 'b1', tenant_id: 't' }]);
    // Inside a transaction, on its connection.
    await ctx.db.transaction().execute(async (trx) => {
      await insert(trx, 'd3', 'b9', '2026-01-05');
      expect((await byDevice(trx, 'd3', 10)).rows).toHaveLength(1);
    });
  });

  it('refuses an argument that would shape the SQL text', async () => {
    const shaped = prepared('test.shaped', (db, column: string) =>
      db.selectFrom('ingest_batches').select(sql.ref(column).as('x')),
    );
    await expect(shaped(ctx.db, 'batch_id')).rejects.toThrow(/reached the SQL text/);
  });
});
