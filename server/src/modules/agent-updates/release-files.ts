import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Release packages on disk: `<data>/releases/<sha256>`, written once (temporary file, then a
 * rename) and never changed; a name is its content's SHA-256, so every tenant's release row of the
 * same bytes shares one file.
 */
export function releasesDir(dataDir: string): string {
  return join(dataDir, 'releases');
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function releasePath(dataDir: string, sha256: string): string {
  if (!SHA256_HEX.test(sha256)) throw new Error('a release file is named by a lower-hex SHA-256');
  return join(releasesDir(dataDir), sha256);
}

/** Reads the package, stores it under its SHA-256 (kept when present) and returns its bytes. */
export async function storeReleaseFile(
  dataDir: string,
  file: string,
): Promise<{ bytes: Buffer; sha256: string }> {
  const bytes = await readFile(file);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const target = releasePath(dataDir, sha256);
  const present = await stat(target).then(
    (s) => s.size === bytes.length,
    () => false,
  );
  if (!present) {
    await mkdir(releasesDir(dataDir), { recursive: true, mode: 0o700 });
    const tmp = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, bytes, { mode: 0o600, flag: 'wx' });
      await rename(tmp, target);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }
  return { bytes, sha256 };
}

/** The stored package as a stream (large files are never read whole to answer an agent). */
export async function openReleaseFile(
  dataDir: string,
  sha256: string,
): Promise<{ stream: ReadStream; size: number } | null> {
  const path = releasePath(dataDir, sha256);
  const s = await stat(path).catch(() => null);
  if (!s?.isFile()) return null;
  return { stream: createReadStream(path), size: s.size };
}
