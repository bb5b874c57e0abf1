import { type FSWatcher, watch } from 'node:fs';
import { lstat, opendir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileWatching, RawFileChange, WatchHandle } from '../types.js';

/** Errors that mean a directory went away or is closed to us: discovery reports those paths itself. */
const QUIET = new Set(['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM']);

/**
 * One inotify watch per directory under a root (Node's `fs.watch` on a directory reports creations,
 * changes, renames and deletions of the entries in it). Node 20's `recursive: true` on Linux instead
 * puts a watcher on every file and keeps a `Stats` object per file: about 1.6 KB of heap and 2.8 KB
 * resident per monitored file (agent/bench/watcher.bench.ts) and an inotify watch each, which exhausts
 * `fs.inotify.max_user_watches` on large shares, and it stat()s the whole tree synchronously at start,
 * stalling the service (issue 7, idle memory).
 */
class DirectoryWatches implements WatchHandle {
  private readonly dirs = new Map<string, FSWatcher>();
  /** Watched directories whose subdirectories are still to be listed, one at a time. */
  private readonly unlisted: string[] = [];
  private listing = false;
  private closed = false;
  private readonly reported = new Set<string>();

  constructor(
    root: string,
    private readonly onChange: (change: RawFileChange) => void,
    private readonly onError: (err: Error) => void,
  ) {
    // The root is watched synchronously so a missing root fails the caller at once, as before.
    this.watchDir(join(root), true);
  }

  private watchDir(dir: string, isRoot = false): void {
    if (this.closed || this.dirs.has(dir)) return;
    let w: FSWatcher;
    try {
      w = watch(dir, { persistent: false }, (type, name) => {
        if (name !== null) this.event(join(dir, name.toString()), type === 'rename');
      });
    } catch (err) {
      if (isRoot) throw err;
      this.failed(err as NodeJS.ErrnoException);
      return;
    }
    w.on('error', (err: NodeJS.ErrnoException) => {
      this.unwatchTree(dir);
      this.failed(err);
    });
    this.dirs.set(dir, w);
    this.unlisted.push(dir);
    if (!this.listing) void this.listSubdirectories();
  }

  /**
   * Watches the directories already inside each newly watched one (their files are known to
   * discovery already). One directory is listed at a time, so a wide tree never holds more than one
   * directory handle open (listing each as it is found could hold thousands open against the
   * file-descriptor limit).
   */
  private async listSubdirectories(): Promise<void> {
    this.listing = true;
    try {
      for (let dir = this.unlisted.pop(); dir !== undefined; dir = this.unlisted.pop()) {
        if (this.closed) return;
        if (!this.dirs.has(dir)) continue;
        try {
          const handle = await opendir(dir);
          for await (const entry of handle) {
            if (this.closed) break;
            // Symbolic links are not followed, as in discovery (sensors/walk.ts).
            if (entry.isDirectory()) this.watchDir(join(dir, entry.name));
          }
        } catch (err) {
          this.failed(err as NodeJS.ErrnoException);
        }
      }
    } finally {
      this.listing = false;
    }
  }

  private event(path: string, entryChanged: boolean): void {
    if (this.closed) return;
    this.onChange({ path });
    // Only a created, deleted or moved entry ('rename') can be a directory coming or going. One that
    // appears gets its own watch (the file-activity sensor walks it for the files already inside);
    // one that vanished or was moved away drops its watches.
    if (!entryChanged) return;
    lstat(path).then(
      (st) => {
        if (st.isDirectory()) this.watchDir(path);
        else if (this.dirs.has(path)) this.unwatchTree(path);
      },
      () => this.unwatchTree(path),
    );
  }

  private unwatchTree(dir: string): void {
    const prefix = `${dir}/`;
    for (const [d, w] of this.dirs) {
      if (d === dir || d.startsWith(prefix)) {
        w.close();
        this.dirs.delete(d);
      }
    }
  }

  /** A lost directory is not an error; running out of inotify watches is, once per kind. */
  private failed(err: NodeJS.ErrnoException): void {
    if (this.closed || QUIET.has(err.code ?? '')) return;
    const kind = err.code ?? err.message;
    if (this.reported.has(kind)) return;
    this.reported.add(kind);
    this.onError(err);
  }

  /** Directories watched now (tests). */
  watchedDirectories(): string[] {
    return [...this.dirs.keys()];
  }

  close(): void {
    this.closed = true;
    for (const w of this.dirs.values()) w.close();
    this.dirs.clear();
  }
}

/** File watching whose handles also name the directories they watch (tests read them). */
export interface DirectoryWatching extends FileWatching {
  watch(...args: Parameters<FileWatching['watch']>): WatchHandle & { watchedDirectories(): string[] };
}

/**
 * Change notification through inotify, one watch per directory. Notifications are only hints: the
 * file-activity sensor stats every path it is told about, so a lost or merged notification is caught
 * by the next discovery pass, never trusted as a fact.
 */
export function createFsWatching(): DirectoryWatching {
  return {
    available: true,
    watch: (root, onChange, onError) => new DirectoryWatches(root, onChange, onError),
  };
}
