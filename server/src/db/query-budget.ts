import { type Kysely, SqliteAdapter, sql, type Transaction } from 'kysely';

/**
 * A time budget a running SQLite statement checks (docs/incidents.md, Query timeout).
 * better-sqlite3 runs statements synchronously and exposes neither `sqlite3_interrupt` nor a
 * progress handler, so a query that must stop on time calls this SQL function from its WHERE
 * clause every few hundred rows; once the budget is spent the function throws, SQLite abandons
 * the statement and the error reaches the caller as BUDGET_EXCEEDED. The work stops, not only
 * the answer. PostgreSQL uses `statement_timeout` instead (see queryBudgetOf's callers).
 */
export const BUDGET_FUNCTION = 'dlp_query_budget';
const EXCEEDED = 'dlp_query_budget_exceeded';

const budgets = new Map<number, () => boolean>();
let nextToken = 1;

/** Called once per SQLite connection (db/connect.ts). */
export function registerQueryBudget(db: {
  function(name: string, options: { deterministic: boolean }, fn: (token: unknown) => number): unknown;
}): void {
  // Not deterministic: SQLite must call it for each row it reaches, never hoist it.
  db.function(BUDGET_FUNCTION, { deterministic: false }, (token: unknown) => {
    const spent = budgets.get(Number(token));
    if (spent?.()) throw new Error(EXCEEDED);
    return 1;
  });
}

/** Opens a budget; `spent` is asked from inside statements. Close it when the query ends. */
export function openBudget(spent: () => boolean): { token: number; close(): void } {
  const token = nextToken;
  nextToken = nextToken >= Number.MAX_SAFE_INTEGER ? 1 : nextToken + 1;
  budgets.set(token, spent);
  return { token, close: () => budgets.delete(token) };
}

export function isBudgetExceeded(err: unknown): boolean {
  return err instanceof Error && err.message.includes(EXCEEDED);
}

/** PostgreSQL's `query_canceled`, raised when statement_timeout fires. */
export function isStatementTimeout(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '57014';
}

export function isSqlite<D>(db: Kysely<D> | Transaction<D>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** PostgreSQL: bounds every statement of the open transaction to `ms` milliseconds. */
export async function setLocalStatementTimeout<D>(trx: Transaction<D>, ms: number): Promise<void> {
  await sql.raw(`set local statement_timeout = ${Math.trunc(ms)}`).execute(trx);
}
