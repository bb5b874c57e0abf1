import type { Stats } from 'node:fs';
import { opendir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { contentOfBytes, readContent } from '../content/read-content.js';
import type { HeldOpen, HeldOpenFile, HeldOpenGroup, HeldOpens } from '../platform/types.js';
import type { ObservationSink } from './types.js';

/** Directories marked at most; beyond, the rest of a tree is not held (logged once). */
export const MAX_HELD_DIRECTORIES = 10_000;
/** A verdict without a person or an exception is reused for the same file state this long. */
export const REUSE_MS = 5 * 60_000;
/** Remembered verdicts at most (the oldest goes first). */
export const MAX_REUSED = 10_000;
/** The addon's own deadline is the prompt timeout plus this margin (answered by the addon). */
export const HOLD_MARGIN_MS = 10_000;
/**
 * Files up to this size are read by the platform at the event, through the opener's own descriptor
 * (Linux: the addon's reader thread), so deciding on them takes no trip through libuv's thread pool
 * (issue 18, held-open latency); larger ones are read here by path.
 */
export const READ_AT_EVENT_BYTES = 1 << 20;

export interface HeldOpenOptions {
  heldOpens: HeldOpens;
  sink: ObservationSink;
  maxReadBytes: number;
  /** The prompt timeout: a person gets that long before the default (Cancel). */
  promptTimeoutMs: number;
  skip: (path: string) => boolean;
  log: (level: 'info' | 'warn', msg: string, fields?: Record<string, unknown>) => void;
  now?: () => string;
  /** The bundle in force: a verdict is reused only under the bundle that gave it. */
  bundleVersion: () => number;
  clock?: () => number;
}

/**
 * The `file_open` sensor (issue 18; docs/agent.md, Held opens): every directory under the roots is
 * marked, an open of a regular file in one waits while the agent reads the file, decides with the
 * bundle (channel `file_open`) and, when the policy asks for it, asks the person; the open is then
 * allowed or refused. A failure to decide allows the open and is logged: a broken agent must not
 * lock people out of their files (the kernel does the same when the agent dies). An open still
 * unanswered at the prompt timeout plus ten seconds gets the default, refused, from the addon.
 * The same unchanged file opened again within five minutes under the same bundle gets the same
 * verdict without a new read or event, unless a person was asked or an exception applied.
 */
export class HeldOpenSensor {
  private group: HeldOpenGroup | null = null;
  private readonly marked = new Set<string>();
  private capped = false;
  /** Verdicts by file state (bundle, path, device, inode, size, times): see REUSE_MS. */
  private readonly verdicts = new Map<string, { at: number; allow: boolean }>();

  constructor(private readonly o: HeldOpenOptions) {}

  /** Holds opens under `roots` (none: nothing is held and the group is closed). */
  async sync(roots: readonly string[]): Promise<void> {
    if (roots.length === 0) return this.close();
    const dirs = await this.directories(roots);
    if (!this.group)
      this.group = this.o.heldOpens.open(
        this.o.promptTimeoutMs + HOLD_MARGIN_MS,
        false,
        (h) => void this.decide(h),
        Math.min(READ_AT_EVENT_BYTES, this.o.maxReadBytes),
      );
    for (const d of this.marked) {
      if (dirs.has(d)) continue;
      this.group.release(d);
      this.marked.delete(d);
    }
    const before = this.marked.size;
    for (const d of dirs) {
      if (this.marked.has(d)) continue;
      try {
        this.group.hold(d);
        this.marked.add(d);
      } catch (err) {
        this.o.log('warn', 'cannot hold opens in a directory', { path: d, error: (err as Error).message });
      }
    }
    if (this.marked.size !== before) this.o.log('info', 'holding opens', { directories: this.marked.size });
  }

  close(): void {
    this.group?.close();
    this.group = null;
    this.marked.clear();
  }

  private async directories(roots: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const dir = stack.pop() as string;
      if (this.o.skip(dir) || out.has(dir)) continue;
      if (out.size >= MAX_HELD_DIRECTORIES) {
        if (!this.capped)
          this.o.log('warn', 'too many directories to hold opens in', { max: MAX_HELD_DIRECTORIES });
        this.capped = true;
        break;
      }
      let handle: Awaited<ReturnType<typeof opendir>>;
      try {
        handle = await opendir(dir);
      } catch {
        continue; // absent or closed to the agent: path sight reports it for the other sensors
      }
      out.add(dir);
      for await (const entry of handle) if (entry.isDirectory()) stack.push(join(dir, entry.name));
    }
    return out;
  }

  private remember(key: string, at: number, allow: boolean): void {
    this.verdicts.delete(key);
    this.verdicts.set(key, { at, allow });
    if (this.verdicts.size > MAX_REUSED) this.verdicts.delete(this.verdicts.keys().next().value as string);
  }

  /** Decides `h` as if the platform had reported it; resolves once done (held-open-warm-up.ts). */
  rehearse(h: HeldOpen): Promise<void> {
    return this.decide(h);
  }

  private async decide(h: HeldOpen): Promise<void> {
    let answered = false;
    let key: string | null = null;
    let now = 0;
    // A reusable verdict is remembered BEFORE the open goes on: the process may open the same
    // file again at once (a second `cat`, an editor's second read), and that open must find it
    // rather than be read and reported again while this event is still being queued.
    const answer = (allow: boolean, reusable = false) => {
      if (answered) return;
      answered = true;
      if (reusable && key !== null) this.remember(key, now, allow);
      h.answer(allow);
    };
    try {
      if (this.o.skip(h.path)) return answer(true);
      // The opened file as the platform saw it at the event, else its path's state now.
      const st = h.file ?? fileState(await stat(h.path));
      // A FIFO or device node has no content to decide on, and reading one could wait forever.
      if (!st.regular) return answer(true);
      key = [this.o.bundleVersion(), h.path, st.dev, st.ino, st.size, st.mtimeMs, st.ctimeMs].join('|');
      now = (this.o.clock ?? Date.now)();
      const known = this.verdicts.get(key);
      if (known && now - known.at < REUSE_MS) return answer(known.allow);
      const bytes = h.file?.content;
      const content = bytes
        ? await contentOfBytes(bytes, this.o.maxReadBytes)
        : await readContent(h.path, this.o.maxReadBytes);
      const r = await this.o.sink.handle({
        channel: 'file_open',
        path: h.path,
        content,
        occurred_at: this.o.now?.() ?? new Date().toISOString(),
        held: true,
        process: { pid: h.pid, exe: h.exe },
        onVerdict: answer,
      });
      answer(r.allow ?? true, r.reusable === true);
    } catch (err) {
      this.o.log('warn', 'held open not decided; allowed', { error: (err as Error).message });
      answer(true);
    }
  }
}

function fileState(st: Stats): Omit<HeldOpenFile, 'content'> {
  const { dev, ino, size, mtimeMs, ctimeMs } = st;
  return { regular: st.isFile(), dev, ino, size, mtimeMs, ctimeMs };
}
