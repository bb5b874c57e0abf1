import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialectOf } from '../src/db/dialect.js';
import { createTestApp } from './helpers/index.js';
import { testDialect } from './helpers/postgres-databases.js';

/** The dialect comes with the handle from connect.ts (issue 23), never from compiled SQL text. */
describe('dialectOf', () => {
  it('answers for the connected handle and for its transactions', async () => {
    const ctx = await createTestApp();
    try {
      expect(dialectOf(ctx.db)).toBe(testDialect());
      await ctx.db.transaction().execute(async (trx) => {
        expect(dialectOf(trx)).toBe(testDialect());
      });
    } finally {
      await ctx.close();
    }
  });

  it('refuses a handle connect.ts did not make', async () => {
    const foreign = new Kysely<object>({
      dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }),
    });
    try {
      expect(() => dialectOf(foreign)).toThrow(/connectDatabase/);
    } finally {
      await foreign.destroy();
    }
  });
});
