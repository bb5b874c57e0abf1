import { watch } from 'node:fs';
import type { FileWatching } from '../types.js';

/**
 * Change notification through Node's recursive fs.watch (inotify underneath on Linux). Notifications
 * are only hints: the file-activity sensor stats every path it is told about, so a lost or merged
 * notification is caught by the next discovery pass, never trusted as a fact.
 */
export function createFsWatching(): FileWatching {
  return {
    available: true,
    watch(root, onChange, onError) {
      const w = watch(root, { recursive: true, persistent: false }, (_type, filename) => {
        if (filename === null) return;
        onChange({ path: `${root.replace(/\/$/, '')}/${filename.toString()}` });
      });
      w.on('error', onError);
      return { close: () => w.close() };
    },
  };
}
