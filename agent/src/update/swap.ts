import { chmod, copyFile, link, rename, stat, unlink } from 'node:fs/promises';

/**
 * Replaces the executable with the verified package atomically and keeps the previous one beside
 * it (`<exe>.previous`). The package is copied next to the executable first (`<exe>.new`, same
 * folder, so the final rename is one atomic step on the same file system); the running process
 * keeps its open image, the next start runs the new file. Any failure before the rename leaves the
 * executable untouched.
 */
export async function swapExecutable(executable: string, verified: string): Promise<{ previous: string }> {
  const next = `${executable}.new`;
  const previous = `${executable}.previous`;
  const mode = (await stat(executable)).mode & 0o777;
  await unlink(next).catch(() => undefined);
  await copyFile(verified, next);
  await chmod(next, mode | 0o500);
  await unlink(previous).catch(() => undefined);
  // A hard link keeps the previous bytes without a copy; a file system without links gets a copy.
  await link(executable, previous).catch(() => copyFile(executable, previous));
  await rename(next, executable);
  return { previous };
}

/** Puts the previous executable back (one rename); false when there is none to restore. */
export async function restorePrevious(executable: string, previous: string): Promise<boolean> {
  try {
    await rename(previous, executable);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}
