import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrl } from './postgres.js';

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

export const TEMPLATE_DATABASE = 'custos_template';

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
export async function cloneTemplateDatabase(): Promise<ClonedDatabase> {
  const cluster = inject('custosPostgresUrl');
  if (!cluster) throw new Error('CUSTOS_TEST_DB=postgres needs the server-pg project (its globalSetup)');
  admin ??= new pg.Pool({ connectionString: cluster, max: 1, allowExitOnIdle: true });
  const pool = admin;
  made += 1;
  const name = `t_${process.pid}_${made}_${randomBytes(3).toString('hex')}`;
  await pool.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  return {
    url: databaseUrl(cluster, name),
    async drop() {
      await pool.query(`drop database if exists ${name} with (force)`);
    },
  };
}
