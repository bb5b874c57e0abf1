import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Config } from '../config.js';
import { SQLITE_FILE } from '../db/connect.js';
import { SERVER_VERSION } from '../version.js';
import {
  BackupError,
  COPIED_DIRECTORIES,
  filesBelow,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type Manifest,
  sha256File,
} from './backup-manifest.js';

export interface BackupResult {
  out: string;
  manifest: Manifest;
  /** What the copy does not hold and the operator must keep elsewhere. */
  notes: string[];
}

/** PostgreSQL is backed up with its own tools; this command copies the SQLite deployment only. */
export function refusePostgres(config: Config, command: 'backup' | 'restore'): void {
  if (config.databaseUrl)
    throw new BackupError(
      `DLP_DATABASE_URL points at PostgreSQL: dlp-server ${command} covers the SQLite database only; ` +
        'use pg_dump / pg_restore for the database and keep DLP_MASTER_KEY and DLP_FACTOR_KEY (docs/deploy-server.md)',
    );
}

function lastMigration(file: string): string | null {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1').get() as
      | { name: string }
      | undefined;
    return row?.name ?? null;
  } finally {
    db.close();
  }
}

/**
 * An online, consistent copy of a running server's data directory (issue 26, item 8). The database
 * is copied with `VACUUM INTO`, one read transaction over the WAL database: a snapshot as of one
 * moment that never blocks the server's writers. Keys, TLS material and evidence files follow; an
 * evidence file is written before its row commits, so every row in the snapshot has its file.
 * The manifest is written last: a directory without one is not a backup.
 */
export function backupDataDir(config: Config, outArg: string, now: Date): BackupResult {
  refusePostgres(config, 'backup');
  const source = path.join(config.dataDir, SQLITE_FILE);
  if (!fs.existsSync(source)) throw new BackupError(`no database at ${source} (DLP_DATA_DIR)`);
  const out = path.resolve(outArg);
  if (out === config.dataDir || out.startsWith(`${config.dataDir}${path.sep}`))
    throw new BackupError('--out must be outside the data directory');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  try {
    // Not recursive: claiming the directory is the refusal to overwrite, even against a race.
    fs.mkdirSync(out, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new BackupError(`${out} exists: a backup never overwrites; name a new directory`);
    throw error;
  }

  const db = new BetterSqlite3(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(path.join(out, SQLITE_FILE));
  } finally {
    db.close();
  }
  fs.chmodSync(path.join(out, SQLITE_FILE), 0o600);

  const copied = [SQLITE_FILE];
  for (const dir of COPIED_DIRECTORIES) {
    for (const rel of filesBelow(config.dataDir, dir)) {
      const from = path.join(config.dataDir, rel);
      const to = path.join(out, rel);
      fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
      fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
      fs.chmodSync(to, fs.statSync(from).mode & 0o777);
      copied.push(rel);
    }
  }

  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    format_version: MANIFEST_VERSION,
    server_version: SERVER_VERSION,
    created_at: now.toISOString(),
    schema: lastMigration(path.join(out, SQLITE_FILE)),
    files: copied.map((rel) => {
      const file = path.join(out, rel);
      return { path: rel, bytes: fs.statSync(file).size, sha256: sha256File(file) };
    }),
  };
  const temp = path.join(out, `${MANIFEST_FILE}.partial`);
  fs.writeFileSync(temp, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temp, path.join(out, MANIFEST_FILE));

  const notes: string[] = [];
  if (config.masterKey) notes.push('DLP_MASTER_KEY is a setting: keep it with this backup, it is not in it');
  if (config.factorKey) notes.push('DLP_FACTOR_KEY is a setting: keep it with this backup, it is not in it');
  if (config.tls) notes.push('DLP_TLS_CERT/DLP_TLS_KEY are your own files: they are not in this backup');
  return { out, manifest, notes };
}
