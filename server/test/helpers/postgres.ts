import { startPostgresCluster, type TestPostgres } from './postgres-cluster.js';
import { emptyDatabase, testDialect } from './postgres-databases.js';

export { databaseUrl, type TestPostgres } from './postgres-cluster.js';

/**
 * A PostgreSQL for a test file: in the server-pg pass a fresh empty database on the run's one
 * cluster (no initdb per file); elsewhere (the agent suite, a lone run) a cluster of its own.
 * `url` names a database the test may use and create others beside (`databaseUrl`).
 */
export async function startPostgres(): Promise<TestPostgres> {
  if (testDialect() !== 'postgres') return startPostgresCluster();
  const db = await emptyDatabase();
  return { url: db.url, stop: () => db.drop() };
}
