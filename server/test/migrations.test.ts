import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { DirectoryMigrationProvider, migrateToLatest, pendingMigrations } from '../src/db/migrate.js';
import { makeTempDir } from './helpers/index.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

describe('migrations', () => {
  it('are idempotent across restarts of the same data directory', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    const first = connectDatabase({ dataDir, databaseUrl: null });
    const applied = await migrateToLatest(first.db);
    expect(applied.length).toBeGreaterThanOrEqual(4);
    expect(applied[0]).toBe('0001_tenants');
    await first.db
      .insertInto('tenants')
      .values({
        id: 'a',
        slug: 'kept',
        name: 'Kept',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await first.db.destroy();

    // A second process start: nothing runs again and the data is untouched.
    const second = connectDatabase({ dataDir, databaseUrl: null });
    expect(await migrateToLatest(second.db)).toEqual([]);
    expect(await pendingMigrations(second.db)).toEqual([]);
    const rows = await second.db.selectFrom('tenants').select('slug').execute();
    expect(rows).toEqual([{ slug: 'kept' }]);
    await second.db.destroy();
  });

  it('run with SQLite foreign keys enforced and WAL on', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    const { db } = connectDatabase({ dataDir, databaseUrl: null });
    await migrateToLatest(db);
    await expect(
      db
        .insertInto('users')
        .values({
          id: 'u',
          tenant_id: 'missing-tenant',
          email: 'a@example.com',
          display_name: null,
          role: 'owner',
          custom_role_id: null,
          status: 'active',
          department: null,
          federated: 0,
          password_hash: null,
          failed_logins: 0,
          locked_until: null,
          invitation_hash: null,
          invitation_expires_at: null,
          last_login_at: null,
          created_at: 'x',
          updated_at: 'x',
        })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
    const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    await db.destroy();
  });

  it('refuse a database migrated by a newer build (document 3, Versioning)', async () => {
    const dataDir = await makeTempDir();
    dirs.push(dataDir);
    const { db } = connectDatabase({ dataDir, databaseUrl: null });
    try {
      await migrateToLatest(db);
      await sql`insert into schema_migrations (name, timestamp) values ('0998_from_the_future', '2030-01-01T00:00:00.000Z')`.execute(
        db,
      );
      await expect(migrateToLatest(db)).rejects.toThrow(/0998_from_the_future/);
    } finally {
      await db.destroy();
    }
  });

  it('are discovered from the directory by NNNN_name, ignoring declaration and map files', async () => {
    const dir = await makeTempDir();
    dirs.push(dir);
    await fs.writeFile(path.join(dir, '0001_a.js'), 'export async function up() {}\n');
    await fs.writeFile(path.join(dir, '0001_a.d.ts'), 'export {};\n');
    await fs.writeFile(path.join(dir, '0001_a.js.map'), '{}');
    await fs.writeFile(path.join(dir, 'notes.md'), '');
    const found = await new DirectoryMigrationProvider(dir).getMigrations();
    expect(Object.keys(found)).toEqual(['0001_a']);
  });

  it('keep the foundation inside its number range', async () => {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
    const names = (await fs.readdir(dir)).filter((f) => /^\d{4}_/.test(f));
    for (const n of names) expect(n).toMatch(/^[0-9]{4}_[a-z0-9_]+\.ts$/);
  });
});
