import type { Stats } from 'node:fs';
import { lstat, opendir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Depth-first walk of regular files under `root`. Symbolic links are not followed (a link could lead
 * outside the monitored path or into a loop); unreadable directories are reported and skipped.
 */
export async function* walkFiles(
  root: string,
  onError: (path: string, err: NodeJS.ErrnoException) => void,
  skip: (path: string) => boolean = () => false,
): AsyncGenerator<{ path: string; stat: Stats }> {
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let handle: Awaited<ReturnType<typeof opendir>>;
    try {
      handle = await opendir(dir);
    } catch (err) {
      onError(dir, err as NodeJS.ErrnoException);
      continue;
    }
    for await (const entry of handle) {
      const path = join(dir, entry.name);
      if (skip(path)) continue;
      if (entry.isDirectory()) stack.push(path);
      else if (entry.isFile()) {
        try {
          yield { path, stat: await lstat(path) };
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') onError(path, err as NodeJS.ErrnoException);
        }
      }
    }
  }
}
