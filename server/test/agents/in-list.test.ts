import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_LIST_MAX, inListRead, paddedSize } from '../../src/db/in-list.js';
import { createTestApp, type TestContext } from '../helpers/index.js';

/**
 * Reads by a list of ids with the list padded to a few sizes (server/src/db/in-list.ts): every
 * length answers exactly the rows a plain `in (…)` would (a padded repeat adds no row), lists
 * past the statement's size are read in chunks, and the fixed arguments stay bound.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  const rows = Array.from({ length: 700 }, (_, i) => ({
    device_id: i % 2 === 0 ? 'd1' : 'd2',
    batch_id: `b${i}`,
    tenant_id: 't',
    response: '{}',
    created_at: '2026-01-01',
  }));
  for (let i = 0; i < rows.length; i += 100)
    await ctx.db
      .insertInto('ingest_batches')
      .values(rows.slice(i, i + 100))
      .execute();
});
afterAll(async () => ctx?.close());

const batchesOf = inListRead('test.batchesOf', (db, [deviceId]: [string], ids) =>
  db
    .selectFrom('ingest_batches')
    .select('batch_id')
    .where('device_id', '=', deviceId)
    .where('batch_id', 'in', ids),
);

describe('in-list reads', () => {
  it('pads to powers of two from 8 up to the most one statement holds', () => {
    expect([1, 8, 9, 100, 256, 257, 512, 513, 5000].map(paddedSize)).toEqual([
      8,
      8,
      16,
      128,
      256,
      512,
      512,
      IN_LIST_MAX,
      IN_LIST_MAX,
    ]);
  });

  it('answers the rows of every listed id, once, whatever the list’s length', async () => {
    for (const n of [1, 3, 8, 9, 200, 512, 513, 700, 1100]) {
      // Ids of both devices, some listed twice, some unknown.
      const ids = Array.from({ length: n }, (_, i) => `b${i % 750}`);
      const got = (await batchesOf(ctx.db, ['d1'], ids)).map((r) => r.batch_id).sort();
      const want = [...new Set(ids)]
        .filter((id) => Number(id.slice(1)) < 700 && Number(id.slice(1)) % 2 === 0)
        .sort();
      expect(got).toEqual(want);
    }
    expect(await batchesOf(ctx.db, ['d2'], ['b0', 'b2'])).toEqual([]);
    expect(await batchesOf(ctx.db, ['d1'], [])).toEqual([]);
  });

  it('runs inside a transaction on its connection', async () => {
    await ctx.db.transaction().execute(async (trx) => {
      expect((await batchesOf(trx, ['d2'], ['b1', 'b3', 'b4'])).map((r) => r.batch_id).sort()).toEqual([
        'b1',
        'b3',
      ]);
    });
  });
});
