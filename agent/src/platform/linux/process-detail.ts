import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { open, readlink, stat } from 'node:fs/promises';
import type { ActingProcess, ProcessDetail } from '../types.js';

/** An executable above this size is named but not hashed (reading it would stall the agent). */
export const MAX_HASHED_EXECUTABLE_BYTES = 256 * 1024 * 1024;
/**
 * An executable is read this much at a time. Each read is a trip through libuv's thread pool and a
 * turn of the agent's thread (SHA-256 of 1 MiB: ~0.7 ms), and held opens' events wait for the hash:
 * a 100 MB binary read 64 KiB at a time (a stream's default) took 1,500 turns, 0.7-1.2 s behind
 * the held opens of the process that ran it, and the ~1,500 events waiting then all went on at
 * once (issue 18, held-open bench); read 1 MiB at a time it takes ~100 turns.
 */
export const HASH_CHUNK_BYTES = 1 << 20;
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

/** The SHA-256 of a file, read HASH_CHUNK_BYTES at a time; null when it cannot be read. */
export async function sha256File(file: string): Promise<string | null> {
  const handle = await open(file, 'r').catch(() => null);
  if (handle === null) return null;
  try {
    const h = createHash('sha256');
    const buffer = Buffer.allocUnsafe(HASH_CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, HASH_CHUNK_BYTES, null);
      if (bytesRead === 0) return h.digest('hex');
      h.update(buffer.subarray(0, bytesRead));
    }
  } catch {
    return null;
  } finally {
    await handle.close().catch(() => {});
  }
}
