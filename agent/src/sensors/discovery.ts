import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { readContent } from '../content/read-content.js';
import type { RemovableVolume } from '../platform/types.js';
import {
  type FileRecord,
  type FileStateStore,
  stillUnreadable,
  UNREADABLE_MARK,
} from './file-state-store.js';
import type { PathSight, SightChange } from './path-sight.js';
import type { ObservationSink } from './types.js';
import { walkFiles } from './walk.js';

/** Files read at once during a pass. */
const CONCURRENCY = 4;

export interface DiscoveryRoot {
  path: string;
  /** `discovery` for monitored paths; `removable_storage` for a removable volume's mount point. */
  channel: string;
  removable?: RemovableVolume;
}

export interface DiscoveryStats {
  roots: number;
  files_seen: number;
  files_inspected: number;
  bytes_read: number;
  events: number;
  deletions: number;
  deferred: number;
  errors: number;
}

export interface DiscoveryOptions {
  store: FileStateStore;
  sink: ObservationSink;
  maxReadBytes: number;
  clock?: () => number;
  log?: (msg: string) => void;
  /** Paths never walked (the agent's own state directory). */
  skip?: (path: string) => boolean;
  /** Version of the bundle in force; a file decided under another version is inspected again. */
  bundleVersion?: number;
  /** Records roots and directories the walk cannot open (health, doctor); changes are passed to `onSight`. */
  sight?: PathSight;
  onSight?: (change: SightChange) => void;
}

/**
 * One incremental discovery pass. A file whose device, inode, size and modification time are
 * unchanged since its last inspection is not read again; every other file is read (size-bounded),
 * decided and remembered with its findings. A remembered file with findings that is gone raises
 * `file_delete` (document 2) with only detector id, category and match count.
 */
export async function runDiscovery(roots: DiscoveryRoot[], opts: DiscoveryOptions): Promise<DiscoveryStats> {
  const clock = opts.clock ?? Date.now;
  const pass = clock();
  const s: DiscoveryStats = {
    roots: 0,
    files_seen: 0,
    files_inspected: 0,
    bytes_read: 0,
    events: 0,
    deletions: 0,
    deferred: 0,
    errors: 0,
  };
  // What this pass could not open, per root: path → error code (a root itself, or a directory in it).
  const unseen = new Map<string, Map<string, string | null>>();
  const report = (root: string) => {
    for (const c of opts.sight?.replaceUnder(root, 'discovery', unseen.get(root) ?? new Map()) ?? [])
      opts.onSight?.(c);
  };
  for (const root of roots) {
    const found = new Map<string, string | null>();
    unseen.set(root.path, found);
    try {
      if (!(await stat(root.path)).isDirectory()) {
        found.set(root.path, 'ENOTDIR');
        report(root.path);
        continue;
      }
    } catch (err) {
      found.set(root.path, (err as NodeJS.ErrnoException).code ?? null);
      report(root.path);
      opts.log?.(`discovery: monitored path ${root.path} cannot be opened; skipped`);
      continue;
    }
    s.roots++;
    const onError = (p: string, err: NodeJS.ErrnoException) => {
      s.errors++;
      found.set(p, err.code ?? null);
      opts.log?.(`discovery: ${p}: ${err.code ?? err.message}`);
    };
    const inspect = async (path: string, st: Stats, known: FileRecord | undefined): Promise<void> => {
      const content = await readContent(path, opts.maxReadBytes);
      s.files_inspected++;
      s.bytes_read += content.bytes_read;
      const result = await opts.sink.handle({
        channel: root.channel,
        path,
        content,
        ...(root.removable ? { removable: root.removable } : {}),
        occurred_at: new Date(clock()).toISOString(),
      });
      if (!result.queued) {
        // Queue full: leave the file unremembered so the next pass inspects it again.
        s.deferred++;
        if (known) opts.store.markSeen(path, pass);
        return;
      }
      if (result.reported) s.events++;
      opts.store.put(
        {
          path,
          root: root.path,
          dev: st.dev,
          ino: st.ino,
          size: st.size,
          mtime_ms: st.mtimeMs,
          blake3: content.not_read?.cause === 'unreadable' ? UNREADABLE_MARK : content.blake3,
          findings: result.findings,
          scanned_at: clock(),
          bundle_version: opts.bundleVersion ?? 0,
        },
        pass,
      );
    };
    // A few files in flight: their reads overlap (libuv thread pool) while one is scanned.
    const inFlight = new Set<Promise<void>>();
    for await (const { path, stat: st } of walkFiles(root.path, onError, opts.skip)) {
      s.files_seen++;
      const known = opts.store.get(path);
      if (
        known &&
        known.dev === st.dev &&
        known.ino === st.ino &&
        known.size === st.size &&
        known.mtime_ms === st.mtimeMs &&
        known.bundle_version === (opts.bundleVersion ?? 0) &&
        (known.blake3 !== UNREADABLE_MARK || (await stillUnreadable(known)))
      ) {
        opts.store.markSeen(path, pass);
        continue;
      }
      const p: Promise<void> = inspect(path, st, known).finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    for (const gone of opts.store.unseen(root.path, pass)) {
      if (gone.findings.length > 0) {
        const r = await opts.sink.handle({
          channel: 'file_delete',
          path: gone.path,
          content: null,
          remembered: gone.findings,
          departure: 'deleted',
          ...(root.removable ? { removable: root.removable } : {}),
          occurred_at: new Date(clock()).toISOString(),
        });
        if (!r.queued) {
          s.deferred++;
          continue;
        }
        s.deletions++;
      }
      opts.store.delete(gone.path);
    }
    opts.store.flush();
    report(root.path);
  }
  return s;
}
