import { tmpdir } from 'node:os';
import { type FanotifyChange, isNativeError, nativeAvailable, nativeFunction } from '@custos/native';
import type { RawFileChange, WatchHandle } from '../types.js';

/** A write seen by fanotify: the path plus the process that wrote it. */
export interface AttributedFileChange extends RawFileChange {
  pid: number;
  /** The writer's executable; null when it exited before it could be read. */
  exe: string | null;
}

export interface AttributedWatching {
  /** Whether fanotify works here; it needs CAP_SYS_ADMIN (the agent's service runs as root). */
  readonly available: boolean;
  /** Why not, in plain words, for `dlp-agent capabilities`. */
  readonly reason: string | null;
  /**
   * Reports every file closed after writing under `root`, with the writer. `onOverflow` means
   * the kernel queue overflowed and events were lost: the caller rescans.
   */
  watch(root: string, onChange: (change: AttributedFileChange) => void, onOverflow: () => void): WatchHandle;
}

/**
 * Linux file-write notifications with process attribution (fanotify, notification class: nothing
 * is held or blocked). Probed once: without the privilege it is reported absent with the reason,
 * and the agent keeps its plain fs.watch watcher.
 */
export function createFanotifyWatching(probeDir = tmpdir()): AttributedWatching {
  let reason: string | null = null;
  if (!nativeAvailable('fanotifyWatch')) {
    reason = 'the native addon has no fanotify support on this platform';
  } else {
    try {
      nativeFunction('fanotifyUnwatch')(nativeFunction('fanotifyWatch')(probeDir, () => {}));
    } catch (err) {
      const code = isNativeError(err) ? err.code : 'native.os_error';
      reason =
        code === 'native.access_denied'
          ? 'fanotify needs CAP_SYS_ADMIN (run the agent as root)'
          : `fanotify is not usable here (${code})`;
    }
  }
  return {
    available: reason === null,
    reason,
    watch(root, onChange, onOverflow) {
      const id = nativeFunction('fanotifyWatch')(root, (change: FanotifyChange) => {
        if (change.kind === 'overflow') onOverflow();
        else onChange({ path: change.path, pid: change.pid, exe: change.exe });
      });
      return { close: () => void nativeFunction('fanotifyUnwatch')(id) };
    },
  };
}
