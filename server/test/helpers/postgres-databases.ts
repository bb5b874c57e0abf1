import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrl, TEMPLATE_DATABASE } from './postgres-cluster.js';

/**
 * The PostgreSQL pass of the server suite (vitest project `server-pg`, CUSTOS_TEST_DB=postgres):
 * one cluster for the whole run, started by postgres-global-setup.ts, holds a template database
 * migrated once; every test app gets a clone of it (`CREATE DATABASE … TEMPLATE`, a file copy,
 * no migration) and drops it when it closes.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's administrative URL (database `postgres`). */
    custosPostgresUrl: string;
  }
}

export type TestDialect = 'sqlite' | 'postgres';

/** The dialect this test run targets: SQLite unless the project set CUSTOS_TEST_DB=postgres. */
export function testDialect(): TestDialect {
  return process.env.CUSTOS_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

let admin: pg.Pool | undefined;
let made = 0;

export interface ClonedDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated template. */
export function cloneTemplateDatabase(): Promise<ClonedDatabase> {
  return createDatabase(TEMPLATE_DATABASE);
}

/** A fresh empty database (not migrated), for tests that migrate or build the schema themselves. */
export function emptyDatabase(): Promise<ClonedDatabase> {
  return createDatabase('template0');
}

async function createDatabase(template: string): Promise<ClonedDatabase> {
  const cluster = inject('custosPostgresUrl');
  if (!cluster) throw new Error('CUSTOS_TEST_DB=postgres needs the server-pg project (its globalSetup)');
  admin ??= new pg.Pool({ connectionString: cluster, max: 1, allowExitOnIdle: true });
  const pool = admin;
  made += 1;
  const name = `t_${process.pid}_${made}_${randomBytes(3).toString('hex')}`;
  await pool.query(`create database ${name} template ${template}`);
  return {
    url: databaseUrl(cluster, name),
    drop: () => dropWhenFree((text) => pool.query(text), name),
  };
}

/**
 * Drops `name` once its last session has gone. A pool's `end()` resolves before the server has
 * seen every connection close, and a forced drop would kill those sessions mid-goodbye (an
 * unhandled 57P01 in the closing client); so wait (a deadline, polling) and force only at the end.
 */
export async function dropWhenFree(query: (text: string) => Promise<unknown>, name: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006';
      if (!inUse) throw error;
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  await query(`drop database if exists ${name} with (force)`);
}
