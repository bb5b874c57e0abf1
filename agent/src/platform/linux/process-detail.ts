import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readlink, stat } from 'node:fs/promises';
import type { ActingProcess, ProcessDetail } from '../types.js';

/** An executable above this size is named but not hashed (reading it would stall the agent). */
export const MAX_HASHED_EXECUTABLE_BYTES = 256 * 1024 * 1024;
/** Executables whose hash is remembered (by path, inode, size and change time), at most. */
const MAX_REMEMBERED = 512;

/**
 * Document 2's `process_detail` on Linux (docs/agent.md, "Process detail"): the executable of the
 * process acting on a file — the path fanotify's reader gave, else `/proc/<pid>/exe` — and the
 * SHA-256 of that file, read through `/proc/<pid>/exe` while the process lives (so a replaced
 * or deleted binary is hashed as it ran). Linux has no code signatures on executables and no
 * integrity levels: `signed_publisher`, `signature` and `integrity_level` are null ("not
 * reported"), never a guess. No pid, parent or command line is sent: document 2 lists none, and
 * a command line carries passwords and tokens as often as file names.
 */
export function createProcessDetail(procRoot = '/proc'): (p: ActingProcess) => Promise<ProcessDetail | null> {
  const hashes = new Map<string, string | null>();
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
      if (hashes.has(key)) hash = hashes.get(key) ?? null;
      else {
        hash = source.st.size <= MAX_HASHED_EXECUTABLE_BYTES ? await sha256(source.file) : null;
        hashes.set(key, hash);
        if (hashes.size > MAX_REMEMBERED) hashes.delete(hashes.keys().next().value as string);
      }
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

function sha256(file: string): Promise<string | null> {
  return new Promise((resolve) => {
    const h = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => h.update(chunk))
      .on('error', () => resolve(null))
      .on('end', () => resolve(h.digest('hex')));
  });
}
