import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DeviceKeyError } from './device-key-error.js';

/** Sub-directory of the state directory that holds device-key material and the pinned choice. */
export function deviceKeyDir(stateDir: string): string {
  return join(stateDir, 'device-key');
}

/**
 * Whether file mode bits and owners guard these files (POSIX: Linux). Where access is the ACLs'
 * (Windows), Node makes the mode bits up, so they are neither checked nor tightened. The platform
 * answers it (`platform.deviceKeys.posixModes`); the TPM and Platform Crypto backends know their own.
 */
export type PosixModes = boolean;

/** Creates the directory owner-only (0700) and tightens it if it already existed looser. */
export async function ensurePrivateDir(dir: string, posixModes: PosixModes): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (posixModes) {
    const st = await stat(dir);
    if ((st.mode & 0o077) !== 0) await chmod(dir, 0o700);
  }
}

/**
 * Writes owner-only (0600) through a temporary file and a rename, so a crash never leaves a
 * half-written key, and the file is never readable by others even for an instant.
 */
export async function writePrivateFile(
  path: string,
  data: string | Uint8Array,
  posixModes: PosixModes,
): Promise<void> {
  await ensurePrivateDir(dirname(path), posixModes);
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(tmp, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

/**
 * Reads a private file, refusing one that others could read or that another user owns (the same
 * rule ssh applies to identity files): a key that may have been copied is not a device identity.
 * Returns undefined when the file does not exist.
 */
export async function readPrivateFile(path: string, posixModes: PosixModes): Promise<Buffer | undefined> {
  let st: Awaited<ReturnType<typeof stat>>;
  try {
    st = await stat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  if (posixModes) {
    if ((st.mode & 0o077) !== 0) {
      throw new DeviceKeyError(
        'device_key.file_permissions',
        `${path} is accessible by group or others (mode ${(st.mode & 0o777).toString(8)}); expected 0600`,
      );
    }
    const uid = process.getuid?.();
    if (uid !== undefined && st.uid !== uid) {
      throw new DeviceKeyError(
        'device_key.file_permissions',
        `${path} is owned by uid ${st.uid}, not by the agent (uid ${uid})`,
      );
    }
  }
  return readFile(path);
}
