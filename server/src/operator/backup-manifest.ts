import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SQLITE_FILE } from '../db/connect.js';

/**
 * The manifest a backup directory carries (`manifest.json`, written last): what was copied, with
 * the size and SHA-256 of each file, so a restore can prove the copy is whole before using it.
 */
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'custos-server-backup';
export const MANIFEST_VERSION = 1;

export interface ManifestFile {
  /** Relative to the backup directory and to the data directory alike, `/`-separated. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  format_version: typeof MANIFEST_VERSION;
  server_version: string;
  created_at: string;
  /** The last applied migration in the copied database (a newer server migrates it at start). */
  schema: string | null;
  files: ManifestFile[];
}

/** Data-directory parts a backup holds besides the database: keys, TLS material, evidence. */
export const COPIED_DIRECTORIES = ['keys', 'tls', 'evidence'] as const;

export class BackupError extends Error {}

export function sha256File(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Every regular file below `dir`, as `/`-separated paths relative to `root`, sorted. */
export function filesBelow(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesBelow(root, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/** A manifest path must stay inside the directory it names a file of. */
function safeRelative(p: unknown): p is string {
  if (typeof p !== 'string' || p.length === 0 || p.length > 1024) return false;
  if (p.startsWith('/') || p.includes('\\') || p.includes('\0')) return false;
  return p.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** Reads and checks a backup's manifest: its shape, then every file's presence, size and SHA-256. */
export function verifyBackup(from: string): Manifest {
  const file = path.join(from, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new BackupError(`${from} holds no ${MANIFEST_FILE}: not a complete backup`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${file} is not valid JSON`);
  }
  if (manifest?.format !== MANIFEST_FORMAT || manifest.format_version !== MANIFEST_VERSION)
    throw new BackupError(`${file} is not a version ${MANIFEST_VERSION} Custos server backup manifest`);
  if (!Array.isArray(manifest.files) || !manifest.files.some((f) => f?.path === SQLITE_FILE))
    throw new BackupError(`${file} lists no database`);
  for (const entry of manifest.files) {
    if (!safeRelative(entry?.path)) throw new BackupError(`${file} names a path outside the backup`);
    const copy = path.join(from, entry.path);
    if (!fs.existsSync(copy)) throw new BackupError(`${entry.path} is missing from the backup`);
    if (fs.statSync(copy).size !== entry.bytes || sha256File(copy) !== entry.sha256)
      throw new BackupError(`${entry.path} does not match the manifest (size or SHA-256)`);
  }
  return manifest;
}
