import type { Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The dialect of each database handle, recorded by `connect.ts` when it builds the handle. Keyed
 * by the handle's adapter, which its transactions and connections share, so a `Transaction`
 * answers like the `Kysely` it came from.
 */
const byAdapter = new WeakMap<object, DialectName>();

/** Called by connect.ts only: `db` runs on `dialect`. */
export function recordDialect(db: Kysely<never>, dialect: DialectName): void {
  byAdapter.set(db.getExecutor().adapter, dialect);
}

/** The dialect `db` (or a transaction on it) was connected with; throws for a foreign handle. */
// biome-ignore lint/suspicious/noExplicitAny: any database shape
export function dialectOf(db: Kysely<any>): DialectName {
  const dialect = byAdapter.get(db.getExecutor().adapter);
  if (!dialect) throw new Error('database handle not made by connectDatabase');
  return dialect;
}
