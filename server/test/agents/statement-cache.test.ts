import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { withStatementCache } from '../../src/db/statement-cache.js';
import { makeTempDir } from '../helpers/index.js';

// The ingest path relies on SQLite statements being prepared once and reused
// (docs/agent-interface.md, Throughput); these prove the cache never changes what runs.

const open: BetterSqlite3.Database[] = [];
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
});

async function database(): Promise<BetterSqlite3.Database> {
  const db = new BetterSqlite3(path.join(await makeTempDir(), 'cache.db'));
  open.push(db);
  db.exec('create table t (n integer primary key, v text)');
  return db;
}

test('the same SQL text gets the same prepared statement; other text gets its own', async () => {
  const cached = withStatementCache(await database());
  const a = cached.prepare('select v from t where n = ?');
  expect(cached.prepare('select v from t where n = ?')).toBe(a);
  expect(cached.prepare('select n from t where n = ?')).not.toBe(a);
});

test('the least recently used statement is dropped past the limit, a recently used one stays', async () => {
  const cached = withStatementCache(await database(), { max: 2 });
  const a = cached.prepare('select 1');
  const b = cached.prepare('select 2');
  expect(cached.prepare('select 1')).toBe(a);
  cached.prepare('select 3');
  expect(cached.prepare('select 1')).toBe(a);
  expect(cached.prepare('select 2')).not.toBe(b);
});

test('a statement still being iterated is not handed out again', async () => {
  const db = await database();
  db.exec("insert into t (n, v) values (1, 'a'), (2, 'b')");
  const cached = withStatementCache(db);
  const first = cached.prepare('select v from t order by n');
  const rows = first.iterate([]);
  expect(rows.next().value).toEqual({ v: 'a' });
  const second = cached.prepare('select v from t order by n');
  expect(second).not.toBe(first);
  expect(second.all([])).toEqual([{ v: 'a' }, { v: 'b' }]);
  expect(rows.next().value).toEqual({ v: 'b' });
  expect(rows.next().done).toBe(true);
});

test('through Kysely: repeated statements, a schema change in between, then close', async () => {
  const db = await database();
  const k = new Kysely<{ t: { n: number; v: string | null } }>({
    dialect: new SqliteDialect({ database: withStatementCache(db) }),
  });
  for (let n = 1; n <= 3; n += 1)
    await k
      .insertInto('t')
      .values({ n, v: `v${n}` })
      .execute();
  const select = () => k.selectFrom('t').selectAll().orderBy('n').execute();
  expect(await select()).toHaveLength(3);
  // SQLite re-prepares a cached `select *` after the table gains a column.
  await sql`alter table t add column w text`.execute(k);
  expect((await select())[0]).toEqual({ n: 1, v: 'v1', w: null });
  await k.destroy();
  expect(db.open).toBe(false);
});
