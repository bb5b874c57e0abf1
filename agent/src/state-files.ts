import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes a state file atomically and durably: temporary file, fsync, rename, fsync of the directory.
 * A kill at any moment leaves either the old or the new content, never a torn file. Owner-only mode:
 * the state directory holds the device identity and the policy in force.
 */
export async function writeStateFile(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  const fh = await open(tmp, 'w', 0o600);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, path);
  await syncDirectory(dirname(path));
}

/**
 * Makes the rename durable. Windows has no directory flush: opening a folder works, flushing it
 * answers EPERM (NTFS journals the rename itself), so that answer is not a failure of the write.
 */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  } finally {
    await handle.close();
  }
}

export async function writeStateJson(path: string, value: unknown): Promise<void> {
  await writeStateFile(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** Reads a JSON state file; `undefined` when absent. A corrupt file throws (the caller decides). */
export async function readStateJson<T>(path: string): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return JSON.parse(text) as T;
}

export async function removeStateFile(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
