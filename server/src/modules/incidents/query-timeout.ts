import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import {
  isBudgetExceeded,
  isSqlite,
  isStatementTimeout,
  openBudget,
  setLocalStatementTimeout,
} from '../../db/query-budget.js';
import { AppError } from '../../http/errors.js';
import type { ServiceContext } from '../../service-context.js';

export function queryTimeout(): AppError {
  return new AppError('server.query_timeout', 'the incident listing took too long; narrow the filters');
}

/**
 * Runs an incident listing within `limitMs` (DLP_INCIDENT_QUERY_TIMEOUT_MS, passed by the routes;
 * document 2; docs/incidents.md, Query timeout). SQLite: the statements carry a budget token
 * their WHERE clause checks every few hundred rows (db/query-budget.ts), so a slow scan is
 * abandoned mid-way. PostgreSQL: the queries run in one read transaction with
 * `statement_timeout`. Either way a listing that ends past the limit (sorting included) answers 503 `server.query_timeout` too.
 */
export async function boundedListing<T>(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  limitMs: number,
  run: (db: Kysely<Database> | Transaction<Database>, budget: number | undefined) => Promise<T>,
): Promise<T> {
  const deadline = ctx.clock.now().getTime() + limitMs;
  const spent = () => ctx.clock.now().getTime() > deadline;
  let out: T;
  if (isSqlite(ctx.db)) {
    const budget = openBudget(spent);
    try {
      out = await run(ctx.db, budget.token);
    } catch (err) {
      if (isBudgetExceeded(err)) throw queryTimeout();
      throw err;
    } finally {
      budget.close();
    }
  } else {
    try {
      out = await ctx.db.transaction().execute(async (trx) => {
        await setLocalStatementTimeout(trx, limitMs);
        return run(trx, undefined);
      });
    } catch (err) {
      if (isStatementTimeout(err)) throw queryTimeout();
      throw err;
    }
  }
  if (spent()) throw queryTimeout();
  return out;
}
