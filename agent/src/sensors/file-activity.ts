import { lstat } from 'node:fs/promises';
import { extname } from 'node:path';
import { readContent } from '../content/read-content.js';
import type { FileWatching, WatchHandle } from '../platform/types.js';
import type { DiscoveryRoot } from './discovery.js';
import {
  type FileRecord,
  type FileStateStore,
  stillUnreadable,
  UNREADABLE_MARK,
} from './file-state-store.js';
import type { ObservationSink } from './types.js';
import { walkFiles } from './walk.js';

/** Extensions whose creation is an `archive_create` rather than a `file_create`. */
const ARCHIVE_EXTENSIONS = new Set([
  '.zip',
  '.7z',
  '.rar',
  '.tar',
  '.gz',
  '.tgz',
  '.bz2',
  '.xz',
  '.zst',
  '.tbz2',
  '.txz',
]);

async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

export function isArchivePath(path: string): boolean {
  return ARCHIVE_EXTENSIONS.has(extname(path).toLowerCase());
}

export interface FileActivityOptions {
  store: FileStateStore;
  sink: ObservationSink;
  watching: FileWatching;
  maxReadBytes: number;
  /** How long a vanished path waits for its content to reappear elsewhere (a move); at most 30 s. */
  moveWindowMs?: number;
  /** Quiet time before a changed path is inspected (writers finish). */
  settleMs?: number;
  clock?: () => number;
  log?: (msg: string) => void;
  skip?: (path: string) => boolean;
  bundleVersion?: () => number;
}

interface Vanished {
  record: FileRecord;
  root: DiscoveryRoot;
  timer: NodeJS.Timeout;
}

/**
 * Live file activity: create, modify, rename, delete, archive_create. Change notifications are hints;
 * every path is stat'ed and compared with what the store remembers. Move detection follows document 2:
 * the source path must vanish and the same content (same inode on one file system, or the same
 * BLAKE3 across file systems) must appear at another path within the window; equal hashes alone,
 * without a vanished source, never make a move.
 */
export class FileActivitySensor {
  private readonly handles: WatchHandle[] = [];
  private readonly pendingChecks = new Map<string, { timer: NodeJS.Timeout; root: DiscoveryRoot }>();
  private readonly vanished = new Map<string, Vanished>();
  private chain: Promise<void> = Promise.resolve();
  private readonly moveWindowMs: number;
  private readonly settleMs: number;
  private readonly clock: () => number;
  events = 0;

  constructor(private readonly opts: FileActivityOptions) {
    this.moveWindowMs = Math.min(opts.moveWindowMs ?? 30_000, 30_000);
    this.settleMs = opts.settleMs ?? 300;
    this.clock = opts.clock ?? Date.now;
  }

  watch(root: DiscoveryRoot): WatchHandle {
    const h = this.opts.watching.watch(
      root.path,
      (c) => this.hint(c.path, root),
      (err) => this.opts.log?.(`file activity: watcher on ${root.path} failed: ${err.message}`),
    );
    this.handles.push(h);
    return {
      close: () => {
        h.close();
        const i = this.handles.indexOf(h);
        if (i >= 0) this.handles.splice(i, 1);
      },
    };
  }

  private hint(path: string, root: DiscoveryRoot): void {
    if (this.opts.skip?.(path)) return;
    const prior = this.pendingChecks.get(path);
    if (prior) clearTimeout(prior.timer);
    const timer = setTimeout(() => {
      this.pendingChecks.delete(path);
      // One inspection at a time keeps pairing of vanish/appear deterministic.
      this.chain = this.chain
        .then(() => this.inspect(path, root))
        .catch((err: Error) => {
          this.opts.log?.(`file activity: ${path}: ${err.message}`);
        });
    }, this.settleMs);
    this.pendingChecks.set(path, { timer, root });
  }

  /** Resolves when every hint received so far has been inspected (tests and `run --once`). */
  async settle(): Promise<void> {
    while (this.pendingChecks.size > 0) await new Promise((r) => setTimeout(r, this.settleMs));
    await this.chain;
  }

  private now(): string {
    return new Date(this.clock()).toISOString();
  }

  private async inspect(path: string, root: DiscoveryRoot): Promise<void> {
    let st: Awaited<ReturnType<typeof lstat>>;
    try {
      st = await lstat(path);
    } catch {
      this.onGone(path, root);
      return;
    }
    if (st.isDirectory()) {
      // A directory moved or copied in: each file in it is new here.
      for await (const f of walkFiles(path, () => {}, this.opts.skip)) await this.inspect(f.path, root);
      return;
    }
    if (!st.isFile()) return;
    const known = this.opts.store.get(path);
    if (
      known &&
      known.ino === st.ino &&
      known.dev === st.dev &&
      known.size === st.size &&
      known.mtime_ms === st.mtimeMs &&
      (known.blake3 !== UNREADABLE_MARK || (await stillUnreadable(known)))
    ) {
      return;
    }
    const content = await readContent(path, this.opts.maxReadBytes);
    let channel: string;
    let fromPath: string | undefined;
    let moved = known ? undefined : this.matchVanished(st.dev, st.ino, content.blake3);
    if (!known && !moved) {
      // The new path's notification can be handled before the old path's: a remembered record with
      // this inode whose path no longer exists is the source of a rename on the same file system.
      const prior = this.opts.store.byInode(st.dev, st.ino);
      if (prior && prior.path !== path && !(await pathExists(prior.path))) {
        moved = { record: prior, root, timer: setTimeout(() => {}, 0) };
      }
    }
    if (root.channel === 'removable_storage') {
      channel = 'removable_storage';
    } else if (moved) {
      channel = 'file_rename';
      fromPath = moved.record.path;
    } else if (known) {
      channel = 'file_modify';
    } else {
      channel = isArchivePath(path) ? 'archive_create' : 'file_create';
    }
    if (moved) {
      clearTimeout(moved.timer);
      this.vanished.delete(moved.record.path);
      this.opts.store.delete(moved.record.path);
    }
    const result = await this.opts.sink.handle({
      channel,
      path,
      ...(fromPath ? { from_path: fromPath } : {}),
      content,
      ...(root.removable ? { removable: root.removable } : {}),
      occurred_at: this.now(),
    });
    if (result.reported) this.events++;
    if (!result.queued) return;
    this.opts.store.put({
      path,
      root: root.path,
      dev: st.dev,
      ino: st.ino,
      size: st.size,
      mtime_ms: st.mtimeMs,
      blake3: content.not_read?.cause === 'unreadable' ? UNREADABLE_MARK : content.blake3,
      findings: result.findings,
      scanned_at: this.clock(),
      bundle_version: this.opts.bundleVersion?.() ?? 0,
    });
    this.opts.store.flush();
  }

  private matchVanished(dev: number, ino: number, blake3: string | null): Vanished | undefined {
    for (const v of this.vanished.values()) {
      if (v.record.dev === dev && v.record.ino === ino) return v;
    }
    if (blake3 !== null) {
      for (const v of this.vanished.values()) if (v.record.blake3 === blake3) return v;
    }
    return undefined;
  }

  private onGone(path: string, root: DiscoveryRoot): void {
    const record = this.opts.store.get(path);
    if (!record || this.vanished.has(path)) return;
    const timer = setTimeout(() => {
      this.chain = this.chain
        .then(() => this.departed(path))
        .catch((err: Error) => {
          this.opts.log?.(`file activity: ${path}: ${err.message}`);
        });
    }, this.moveWindowMs);
    this.vanished.set(path, { record, root, timer });
  }

  /** The move window passed with no reappearance: a deletion. */
  private async departed(path: string): Promise<void> {
    const v = this.vanished.get(path);
    if (!v) return;
    this.vanished.delete(path);
    if (v.record.findings.length > 0) {
      const r = await this.opts.sink.handle({
        channel: 'file_delete',
        path,
        content: null,
        remembered: v.record.findings,
        departure: 'deleted',
        ...(v.root.removable ? { removable: v.root.removable } : {}),
        occurred_at: this.now(),
      });
      if (r.reported) this.events++;
      if (!r.queued) return;
    }
    this.opts.store.delete(path);
    this.opts.store.flush();
  }

  /** Waits for pending deletions too (used before a clean stop). */
  async flushVanished(): Promise<void> {
    for (const [path, v] of [...this.vanished]) {
      clearTimeout(v.timer);
      await this.departed(path);
    }
  }

  close(): void {
    for (const h of this.handles) h.close();
    for (const p of this.pendingChecks.values()) clearTimeout(p.timer);
    for (const v of this.vanished.values()) clearTimeout(v.timer);
    this.handles.length = 0;
  }
}
