import { describe, expect, it } from 'vitest';
import { chunkSizes, type RowStatement, runRows } from '../../src/db/row-statements.js';
import type { IngestBatchesTable } from '../../src/modules/ingest/tables.js';
import { createTestApp } from '../helpers/index.js';

describe('chunkSizes', () => {
  it('covers every row with whole chunks, then powers of two', () => {
    expect(chunkSizes(500, 100)).toEqual([100, 100, 100, 100, 100]);
    expect(chunkSizes(237, 100)).toEqual([100, 100, 32, 4, 1]);
    expect(chunkSizes(300, 128)).toEqual([128, 128, 32, 8, 4]);
    expect(chunkSizes(0, 128)).toEqual([]);
    for (let n = 0; n < 700; n += 1) {
      const sizes = chunkSizes(n, 100);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      expect(sizes.every((s) => s === 100 || (s < 100 && (s & (s - 1)) === 0))).toBe(true);
    }
  });
});

const COLUMNS: (keyof IngestBatchesTable)[] = [
  'device_id',
  'batch_id',
  'tenant_id',
  'response',
  'created_at',
];

describe('runRows', () => {
  it('stores each row in column order, in every chunk size', async () => {
    const ctx = await createTestApp();
    try {
      const st: RowStatement<IngestBatchesTable> = {
        name: 'test.ingest_batches',
        columns: COLUMNS,
        max: 4,
        build: (db, rows) => db.insertInto('ingest_batches').values(rows),
      };
      const rows = Array.from({ length: 11 }, (_, i) => [`d${i}`, `b${i}`, 't', `r${i}`, `c${i}`]);
      await runRows(ctx.db, st, rows);
      const stored = await ctx.db.selectFrom('ingest_batches').selectAll().orderBy('created_at').execute();
      expect(stored.map((r) => [r.device_id, r.batch_id, r.tenant_id, r.response, r.created_at])).toEqual(
        [...rows].sort((a, b) => String(a[4]).localeCompare(String(b[4]))),
      );
    } finally {
      await ctx.close();
    }
  });

  it('refuses a statement that binds a value of its own or lists other columns', async () => {
    const ctx = await createTestApp();
    try {
      const extra: RowStatement<IngestBatchesTable> = {
        name: 'test.extra_value',
        columns: COLUMNS,
        max: 4,
        build: (db, rows) =>
          db
            .insertInto('ingest_batches')
            .values(rows)
            .onConflict((oc) => oc.columns(['device_id', 'batch_id']).doUpdateSet({ response: 'x' })),
      };
      await expect(runRows(ctx.db, extra, [['d', 'b', 't', 'r', 'c']])).rejects.toThrow(
        /does not bind its columns row by row/,
      );
      const reordered: RowStatement<IngestBatchesTable> = {
        name: 'test.reordered',
        columns: ['batch_id', 'device_id', 'tenant_id', 'response', 'created_at'],
        max: 4,
        build: (db, rows) =>
          db.insertInto('ingest_batches').values(
            rows.map((r) => ({
              device_id: r.device_id,
              batch_id: r.batch_id,
              tenant_id: r.tenant_id,
              response: r.response,
              created_at: r.created_at,
            })),
          ),
      };
      await expect(runRows(ctx.db, reordered, [['b', 'd', 't', 'r', 'c']])).rejects.toThrow(
        /does not bind its columns row by row/,
      );
      expect(await ctx.db.selectFrom('ingest_batches').selectAll().execute()).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
