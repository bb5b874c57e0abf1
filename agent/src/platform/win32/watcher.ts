import { watch } from 'node:fs';
import { join } from 'node:path';
import type { FileWatching } from '../types.js';

/**
 * Change hints through Node's recursive fs.watch (ReadDirectoryChangesW underneath). The
 * file-activity sensor stats every path it is told about, so a merged or lost notification is
 * caught by the next discovery pass.
 */
export function createWin32Watching(): FileWatching {
  return {
    available: true,
    watch(root, onChange, onError) {
      const w = watch(root, { recursive: true, persistent: false }, (_type, filename) => {
        if (filename === null) return;
        onChange({ path: join(root, filename.toString()) });
      });
      w.on('error', onError);
      return { close: () => w.close() };
    },
  };
}
