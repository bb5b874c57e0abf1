import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Config } from '../config.js';
import { SQLITE_FILE } from '../db/connect.js';
import { DirectoryMigrationProvider } from '../db/migrate.js';
import { refusePostgres } from './backup.js';
import {
  BackupError,
  COPIED_DIRECTORIES,
  type Manifest,
  sha256File,
  verifyBackup,
} from './backup-manifest.js';

/** What a restore replaces in a data directory (with --force); nothing else there is touched. */
const REPLACED = [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, ...COPIED_DIRECTORIES];

/**
 * Migrations only go forward: a database a newer server migrated would not start here. Refused
 * before anything is written, naming what this server does not know.
 */
async function refuseNewerSchema(database: string): Promise<void> {
  const known = new Set(Object.keys(await new DirectoryMigrationProvider().getMigrations()));
  const db = new BetterSqlite3(database, { readonly: true, fileMustExist: true });
  let applied: string[];
  try {
    applied = (db.prepare('SELECT name FROM schema_migrations').all() as { name: string }[]).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupError(
      `the backup's database was migrated by a newer server (${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', …' : ''}): restore it with that version`,
    );
}

function isEmptyOrAbsent(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * Restores a backup made by `dlp-server backup` into the configured data directory, with the
 * server stopped. The manifest is verified before anything is written and every restored file is
 * checked again after the copy; a database from a newer server is refused. A non-empty data directory is refused unless `force` is given;
 * then the database (with its WAL files), keys, TLS material and evidence are replaced.
 */
export async function restoreDataDir(config: Config, fromArg: string, force: boolean): Promise<Manifest> {
  refusePostgres(config, 'restore');
  const from = path.resolve(fromArg);
  const manifest = verifyBackup(from);
  await refuseNewerSchema(path.join(from, SQLITE_FILE));
  const target = config.dataDir;
  if (!isEmptyOrAbsent(target)) {
    if (!force)
      throw new BackupError(
        `${target} is not empty: restore into a fresh data directory, or stop the server and add --force to replace it`,
      );
    for (const name of REPLACED) fs.rmSync(path.join(target, name), { recursive: true, force: true });
  }
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  for (const entry of manifest.files) {
    const src = path.join(from, entry.path);
    const dest = path.join(target, entry.path);
    fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
    fs.copyFileSync(src, dest);
    fs.chmodSync(dest, fs.statSync(src).mode & 0o777);
    if (sha256File(dest) !== entry.sha256)
      throw new BackupError(`${entry.path} changed while being restored`);
  }
  return manifest;
}
