import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { connectDatabase, PAGE_CACHE_KIB, PAGE_SIZE, SQLITE_FILE } from '../../src/db/connect.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES } from '../../src/db/wal-checkpointer.js';
import { makeTempDir } from '../helpers/index.js';

// Ingest leaves WAL checkpoints to a thread of its own (docs/agent-interface.md, Throughput):
// committed pages reach the database file although the writing connection's own threshold
// is far from reached.
test('committed WAL pages reach the database file without the writing connection checkpointing', async () => {
  const dataDir = await makeTempDir();
  const { db } = connectDatabase({ dataDir, databaseUrl: null });
  try {
    await sql`create table filler (n integer primary key, v text not null)`.execute(db);
    const pages = 2_000;
    expect(pages).toBeLessThan(FALLBACK_AUTOCHECKPOINT_PAGES);
    // About 2,000 pages of 4 KiB, committed in 20 transactions.
    for (let t = 0; t < 20; t += 1) {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 100; i += 1)
          await sql`insert into filler (v) values (${'x'.repeat(4_000)})`.execute(trx);
      });
    }
    const file = path.join(dataDir, SQLITE_FILE);
    let size = fs.statSync(file).size;
    for (let i = 0; i < 200 && size < pages * 4096 * 0.9; i += 1) {
      await sleep(50);
      size = fs.statSync(file).size;
    }
    expect(size).toBeGreaterThanOrEqual(pages * 4096 * 0.9);
    const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(db);
    expect(rows.rows[0]?.n).toBe(2_000);
  } finally {
    await db.destroy();
  }
});

// The last connection to close removes the WAL files. Closing returns only after the
// checkpointing thread has closed too, so deleting the data directory right away cannot race it.
test('closing the database leaves no WAL files behind for a later directory removal to race', async () => {
  const dataDir = await makeTempDir();
  const { db } = connectDatabase({ dataDir, databaseUrl: null });
  await sql`create table filler (n integer primary key, v text not null)`.execute(db);
  await sql`insert into filler (v) values (${'x'.repeat(10_000)})`.execute(db);
  await sleep(300);
  await db.destroy();
  expect(fs.readdirSync(dataDir).sort()).toEqual([SQLITE_FILE]);
  fs.rmSync(dataDir, { recursive: true });
});

test('the serving connection runs WAL with a large page cache and normal syncing', async () => {
  const dataDir = await makeTempDir();
  const { db } = connectDatabase({ dataDir, databaseUrl: null });
  try {
    const one = async (name: string) =>
      Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0]!)[0];
    expect(await one('journal_mode')).toBe('wal');
    expect(await one('cache_size')).toBe(-PAGE_CACHE_KIB);
    expect(await one('synchronous')).toBe(1);
    expect(await one('foreign_keys')).toBe(1);
    // A new file gets large pages: fewer WAL frames per ingest commit (docs/architecture.md).
    expect(PAGE_SIZE).toBe(16_384);
    expect(await one('page_size')).toBe(PAGE_SIZE);
  } finally {
    await db.destroy();
  }
});
