import fs from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
} from 'kysely';
import type { Database } from './database.js';

const MIGRATION_FILE = /^([0-9]{4}_[a-z0-9_]+)\.(?:js|ts)$/;

/**
 * Reads `db/migrations/` at run time, so it works from src under vitest and from dist under
 * node. The migration name is the file name without its extension, so a database migrated from
 * one form is current for the other.
 */
export class DirectoryMigrationProvider implements MigrationProvider {
  constructor(private readonly dir: string = fileURLToPath(new URL('./migrations/', import.meta.url))) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of (await fs.readdir(this.dir)).sort()) {
      if (file.endsWith('.d.ts')) continue;
      const m = MIGRATION_FILE.exec(file);
      if (!m) continue;
      const mod = (await import(pathToFileURL(`${this.dir}/${file}`).href)) as Partial<Migration>;
      if (typeof mod.up !== 'function') throw new Error(`migration ${file} exports no up()`);
      migrations[m[1]!] = { up: mod.up, ...(mod.down ? { down: mod.down } : {}) };
    }
    return migrations;
  }
}

/**
 * Document 3 (Versioning): custom roles came with an additive migration (it changes no existing
 * row). A build older than it refuses to start against a database migrated past it, as every
 * build refuses a recorded migration it does not know (docs/identity.md, Versioning).
 */
export const CUSTOM_ROLES_MIGRATION = '0540_custom_roles';

function migrator(db: Kysely<Database>, provider?: MigrationProvider): Migrator {
  return new Migrator({
    db: db as Kysely<unknown>,
    provider: provider ?? new DirectoryMigrationProvider(),
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    // Domains own number ranges (0001-0099 foundation, 0100 identity, 0200 policies, 0300
    // agents) and land in any order; a lower number added later must still run.
    allowUnorderedMigrations: true,
  });
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly migration?: string,
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

/** Applies every pending migration; a no-op when current (idempotent across restarts). */
/** `provider` replaces the build's own migrations (tests: the set an older build shipped). */
export async function migrateToLatest(db: Kysely<Database>, provider?: MigrationProvider): Promise<string[]> {
  const result: MigrationResultSet = await migrator(db, provider).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationError(`migration ${failed ?? '(setup)'} failed: ${reason}`, failed);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations not yet applied (empty = schema current; used by /readyz). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
