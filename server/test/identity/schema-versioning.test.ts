import fs from 'node:fs/promises';
import { type Migration, type MigrationProvider, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/db/connect.js';
import {
  CUSTOM_ROLES_MIGRATION,
  DirectoryMigrationProvider,
  MigrationError,
  migrateToLatest,
} from '../../src/db/migrate.js';
import { makeTempDir } from '../helpers/index.js';

/** A build whose migrations stop before custom roles: the set an older build shipped. */
class OlderBuild implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const all = await new DirectoryMigrationProvider().getMigrations();
    return Object.fromEntries(Object.entries(all).filter(([name]) => name < CUSTOM_ROLES_MIGRATION));
  }
}

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

async function migratedDataDir(): Promise<string> {
  const dataDir = await makeTempDir();
  dirs.push(dataDir);
  const c = connectDatabase({ dataDir, databaseUrl: null });
  await migrateToLatest(c.db);
  await c.db.destroy();
  return dataDir;
}

describe('the additive custom-roles migration (document 3, Versioning)', () => {
  it('changes no existing row: a database of the older build migrates forward with its rows intact', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    const c = connectDatabase({ dataDir, databaseUrl: null });
    await migrateToLatest(c.db, new OlderBuild());
    const now = '2026-01-01T00:00:00.000Z';
    await c.db
      .insertInto('tenants')
      .values({ id: 't', slug: 't', name: 'T', created_at: now, updated_at: now })
      .execute();
    const before = await sql`select * from tenants`.execute(c.db);
    const applied = await migrateToLatest(c.db);
    expect(applied).toContain(CUSTOM_ROLES_MIGRATION);
    expect((await sql`select * from tenants`.execute(c.db)).rows).toEqual(before.rows);
    await c.db.destroy();
  });

  it('an older build refuses to start against a database migrated past custom roles', async () => {
    const dataDir = await migratedDataDir();
    const c = connectDatabase({ dataDir, databaseUrl: null });
    const refused = await migrateToLatest(c.db, new OlderBuild()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MigrationError);
    expect((refused as Error).message).toContain(CUSTOM_ROLES_MIGRATION);
    // Nothing was changed by the refused start.
    const rows = await sql<{ name: string }>`select name from schema_migrations`.execute(c.db);
    expect(rows.rows.map((r) => r.name)).toContain(CUSTOM_ROLES_MIGRATION);
    await c.db.destroy();
  });
});
