import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { databaseUrl, startPostgresCluster, TEMPLATE_DATABASE } from './postgres-cluster.js';

/**
 * globalSetup of the `server-pg` project: ONE PostgreSQL cluster for the run and a template
 * database migrated once to the latest schema; test apps clone it (postgres-databases.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgresCluster();
  try {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(`create database ${TEMPLATE_DATABASE}`);
    await client.end();
    const { db } = connectDatabase({ dataDir: '', databaseUrl: databaseUrl(server.url, TEMPLATE_DATABASE) });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('custosPostgresUrl', server.url);
  return () => server.stop();
}
