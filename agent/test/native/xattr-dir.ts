import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isNativeError, nativeFunction } from '@custos/native';

/**
 * A fresh temp directory on a file system with user xattrs. tmpfs before Linux 6.6 has none, so
 * when the system temp dir refuses them the package's own (git-ignored) build folder is used.
 */
export function xattrCapableDir(prefix: string): string {
  const fallback = join(import.meta.dirname, '..', '..', 'native', 'build', 'test-tmp');
  for (const base of [tmpdir(), fallback]) {
    mkdirSync(base, { recursive: true });
    const dir = mkdtempSync(join(base, prefix));
    const probe = join(dir, '.probe');
    writeFileSync(probe, '');
    try {
      nativeFunction('xattrSet')(probe, 'user.custos.probe', Buffer.from('1'), 'any');
      rmSync(probe);
      return dir;
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      if (!isNativeError(err) || err.code !== 'native.not_supported') throw err;
    }
  }
  throw new Error('no file system with user extended attributes is available for the tests');
}
