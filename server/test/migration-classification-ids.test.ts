/** Migration 0207 (issue 14, item 10): classification ids become per tenant, stored rows kept. */
import fs from 'node:fs/promises';
import { type Kysely, Migrator } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import type { Database } from '../src/db/database.js';
import { DirectoryMigrationProvider, migrateToLatest } from '../src/db/migrate.js';
import { makeTempDir } from './helpers/index.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

/** A database as a build before 0207 left it. */
async function migrateBefore0207(db: Kysely<Database>): Promise<void> {
  const all = new DirectoryMigrationProvider();
  const result = await new Migrator({
    db: db as Kysely<unknown>,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(Object.entries(await all.getMigrations()).filter(([name]) => name < '0207')),
    },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  expect(result.error).toBeUndefined();
}

const row = (tenant: string, revision: number, name = 'PCI') => ({
  tenant_id: tenant,
  id: 'pci',
  classification_version: 1,
  revision,
  name,
  rules: '[]',
  created_by: 'u',
  created_at: '2026-01-01T00:00:00.000Z',
});

it('keeps every stored coordinate and state, then lets a second tenant use the same id', async () => {
  const dataDir = await makeTempDir();
  dirs.push(dataDir);
  const { db } = connectDatabase({ dataDir, databaseUrl: null });
  await migrateBefore0207(db);
  for (const id of ['a', 'b'])
    await db
      .insertInto('tenants')
      .values({ id, slug: id, name: id, created_at: 'x', updated_at: 'x' })
      .execute();
  await db
    .insertInto('classifications')
    .values([row('a', 1), row('a', 2)])
    .execute();
  await db.insertInto('classification_state').values({ tenant_id: 'a', id: 'pci', enabled: 0 }).execute();
  // Before: the id is global, tenant b cannot store its own `pci`.
  await expect(db.insertInto('classifications').values(row('b', 1)).execute()).rejects.toThrow();

  expect(await migrateToLatest(db)).toContain('0207_classification_ids_per_tenant');
  expect(await db.selectFrom('classifications').selectAll().orderBy('revision').execute()).toEqual([
    row('a', 1),
    row('a', 2),
  ]);
  expect(await db.selectFrom('classification_state').selectAll().execute()).toEqual([
    { tenant_id: 'a', id: 'pci', enabled: 0 },
  ]);
  await db
    .insertInto('classifications')
    .values(row('b', 1, 'Mine'))
    .execute();
  await db.insertInto('classification_state').values({ tenant_id: 'b', id: 'pci', enabled: 1 }).execute();
  // The same coordinate twice in one tenant is still refused.
  await expect(db.insertInto('classifications').values(row('b', 1)).execute()).rejects.toThrow();
  await db.destroy();
});
