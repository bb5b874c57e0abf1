/**
 * Whether a database error is a unique-index violation, on either dialect: SQLite
 * (better-sqlite3 `SQLITE_CONSTRAINT_UNIQUE` / `SQLITE_CONSTRAINT_PRIMARYKEY`) or PostgreSQL
 * (SQLSTATE 23505). A service that checks before it writes maps the violation a concurrent
 * writer can still cause to its own 409 instead of an `internal` 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (error === null || typeof error !== 'object' || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
