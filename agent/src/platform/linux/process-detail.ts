import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { readlink, stat } from 'node:fs/promises';
import type { ActingProcess, ProcessDetail } from '../types.js';

/** An executable above this size is named but not hashed (reading it would stall the agent). */
export const MAX_HASHED_EXECUTABLE_BYTES = 256 * 1024 * 1024;
/** Executables whose hash is remembered (by path, inode, size and change time), at most. */
export const MAX_REMEMBERED = 512;

/**
 * Document 2's `process_detail` on Linux (docs/agent.md, "Process detail"): the executable of the
 * process acting on a file — the path fanotify's reader gave, else `/proc/<pid>/exe` — and the
 * SHA-256 of that file, read through `/proc/<pid>/exe` while the process lives (so a replaced
 * or deleted binary is hashed as it ran). Linux has no code signatures on executables and no
 * integrity levels: `signed_publisher`, `signature` and `integrity_level` are null ("not
 * reported"), never a guess. No pid, parent or command line is sent: document 2 lists none, and
 * a command line carries passwords and tokens as often as file names.
 *
 * What is remembered is the hash being computed, not only a finished one: a process opening many
 * files at once (a build, a backup) asks for the same executable's detail for each open while the
 * first read of its binary is still running, and a read per open would put hundreds of reads of
 * the same 100 MB file on the agent's thread, delaying every held open behind them (issue 18).
 */
export function createProcessDetail(
  procRoot = '/proc',
  hashFile: (file: string) => Promise<string | null> = sha256File,
): (p: ActingProcess) => Promise<ProcessDetail | null> {
  const hashes = new Map<string, Promise<string | null>>();
  return async ({ pid, exe }) => {
    const link = `${procRoot}/${pid}/exe`;
    let path = exe;
    if (path === null) path = await readlink(link).catch(() => null);
    if (path === null) return null;
    path = path.replace(/ \(deleted\)$/, '');
    const source = await stat(link).then(
      (st) => ({ file: link, st }),
      () =>
        stat(path as string).then(
          (st) => ({ file: path as string, st }),
          () => null,
        ),
    );
    let hash: string | null = null;
    if (source?.st.isFile()) {
      const key = [path, source.st.dev, source.st.ino, source.st.size, source.st.ctimeMs].join('|');
      let pending = hashes.get(key);
      if (pending === undefined) {
        pending =
          source.st.size <= MAX_HASHED_EXECUTABLE_BYTES
            ? readHash(hashFile, source.file, path, source.st)
            : Promise.resolve(null);
        hashes.set(key, pending);
        if (hashes.size > MAX_REMEMBERED) hashes.delete(hashes.keys().next().value as string);
      }
      hash = await pending;
      // A read that failed is not remembered: the next process running that binary tries again.
      if (hash === null && hashes.get(key) === pending) hashes.delete(key);
    }
    return {
      executable_path: path,
      executable_hash: hash,
      signed_publisher: null,
      signature: null,
      integrity_level: null,
    };
  };
}

/**
 * The hash through `/proc/<pid>/exe`; when the process ended before its binary could be read there
 * (`cat` exits as soon as its open is allowed), the file at its path, if that is still the file it
 * ran (same device and inode).
 */
async function readHash(
  hashFile: (file: string) => Promise<string | null>,
  file: string,
  path: string,
  ran: Stats,
): Promise<string | null> {
  const hash = await hashFile(file);
  if (hash !== null || file === path) return hash;
  const now = await stat(path).catch(() => null);
  return now?.isFile() && now.dev === ran.dev && now.ino === ran.ino ? hashFile(path) : null;
}

/** The SHA-256 of a file, read as a stream; null when it cannot be read. */
export function sha256File(file: string): Promise<string | null> {
  return new Promise((resolve) => {
    const h = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => h.update(chunk))
      .on('error', () => resolve(null))
      .on('end', () => resolve(h.digest('hex')));
  });
}
