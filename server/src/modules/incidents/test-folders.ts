/**
 * Test-folder paths (document 2, Test-folder rule; docs/incidents.md, Test folders): pure rules,
 * no I/O. A folder lies below a drive (`C:\QA\samples`), a share (`\\files\dlp\tests`) or, on
 * endpoints without drives, a top-level directory (`/srv/dlp-tests`); the drive, share or
 * top-level directory itself is refused, since it would turn a whole volume into a test area.
 */

/** Document 2: the at-rest channels a test folder marks; a leaving channel is never marked. */
export const TEST_FOLDER_CHANNELS = [
  'file_create',
  'file_modify',
  'file_rename',
  'file_delete',
  'discovery',
  'archive_create',
] as const;

export const TEST_FOLDERS_MAX = 20;
export const TEST_FOLDER_PATH_MAX = 1024;

const DRIVE = /^[A-Za-z]:[\\/]/;
const UNC = /^(\\\\|\/\/)[^\\/]+[\\/][^\\/]+/;
const BAD_CHAR = /[*?"<>|]/;

function hasControl(path: string): boolean {
  for (const ch of path) {
    const c = ch.codePointAt(0) as number;
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

export interface Folder {
  /** As written, without a trailing separator. */
  path: string;
  /** The comparison form: Windows paths lower case with backslashes; others as written. */
  key: string;
}

function isWindows(path: string): boolean {
  return DRIVE.test(path) || UNC.test(path);
}

/** The comparison form of any endpoint path (a file's or a folder's). */
export function pathKey(path: string): string {
  if (!isWindows(path)) return path.replace(/\/+$/, '');
  return path.replace(/\//g, '\\').replace(/\\+$/, '').toLowerCase();
}

/** A folder, or the sentence saying why it cannot be one (never repeating it). */
export function parseFolder(raw: string): Folder | string {
  const path = raw.replace(/[\\/]+$/, '');
  if (path === '' || path.length > TEST_FOLDER_PATH_MAX) return 'must be a folder path of 1-1024 characters';
  if (BAD_CHAR.test(path) || hasControl(path)) return 'must not hold wildcards, quotes or control characters';
  let below: string[];
  if (DRIVE.test(path)) below = path.slice(3).split(/[\\/]/);
  else if (UNC.test(path)) below = path.slice(2).split(/[\\/]/).slice(2);
  else if (path.startsWith('/')) below = path.slice(1).split('/').slice(1);
  else return 'must be an absolute path below a drive, a share or a top-level directory';
  if (below.length === 0 || below[0] === '')
    return 'must be below a drive, a share or a top-level directory, not the root itself';
  if (below.some((c) => c === '' || c === '.' || c === '..'))
    return 'must not hold empty, "." or ".." components';
  return { path, key: pathKey(path) };
}

function separatorOf(key: string): string {
  return isWindows(key) ? '\\' : '/';
}

/** Whether a path lies inside the folder (the folder itself is not inside it). */
export function isUnder(folderKey: string, path: string): boolean {
  return pathKey(path).startsWith(folderKey + separatorOf(folderKey));
}

/** The first folder holding this path, or null. */
export function folderOf(folders: readonly Folder[], path: string | null): Folder | null {
  if (!path) return null;
  return folders.find((f) => isUnder(f.key, path)) ?? null;
}

/** The folder holding a file (its parent directory), in the path's own form. */
export function parentOf(path: string): string | null {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut > 0 ? path.slice(0, cut) : null;
}
