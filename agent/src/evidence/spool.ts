import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { blake3Bytes, type ContentRead } from '../content/read-content.js';
import type { Logger } from '../log.js';

/**
 * Document 2 and docs/agent.md, Evidence copies: one copy is at most the server's upload limit
 * (50 MiB); the spool holds at most 256 MiB of copies waiting for the server. Larger files are
 * withheld `over_cap`; a full spool withholds `spool_full`.
 */
export const EVIDENCE_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const EVIDENCE_SPOOL_MAX_BYTES = 256 * 1024 * 1024;

/** The withheld reasons of the server (evidence/service.ts, WITHHELD_REASONS). */
export type WithheldReason =
  | 'over_cap'
  | 'changed'
  | 'unreadable'
  | 'spool_full'
  | 'spool_failed'
  | 'given_up'
  | 'refused';

/** One spooled entry: a copy to upload, or a withheld notice to send. */
export interface SpoolEntry {
  event_id: string;
  kind: 'copy' | 'withheld';
  reason: WithheldReason | null;
  size_bytes: number;
  created_at: number;
  attempts: number;
  next_at: number;
}

const ID = /^[0-9a-f-]{36}$/i;

/**
 * The evidence spool in the agent's state directory (`<state>/evidence/`, owner-only): for each
 * event whose deciding policy version asks for `full_file`, either `<event>.bin` (the copy) with
 * `<event>.json`, or only `<event>.json` naming why no copy is kept. Entries survive restarts and
 * are removed only once the server has answered them.
 */
export class EvidenceSpool {
  constructor(
    readonly dir: string,
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
    readonly maxSpoolBytes = EVIDENCE_SPOOL_MAX_BYTES,
  ) {}

  /** Events whose capture is under way in this process (their files may be half written). */
  private readonly inFlight = new Set<string>();

  private meta(id: string) {
    return join(this.dir, `${id}.json`);
  }

  copyPath(id: string) {
    return join(this.dir, `${id}.bin`);
  }

  private async ensureDir(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
  }

  /** Writes a file durably: a temporary name, fsync, then rename. */
  private async durable(path: string, data: Uint8Array | string): Promise<void> {
    const tmp = `${path}.tmp`;
    const fh = await open(tmp, 'w', 0o600);
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path);
  }

  async write(entry: SpoolEntry): Promise<void> {
    await this.ensureDir();
    await this.durable(this.meta(entry.event_id), JSON.stringify(entry));
  }

  private entry(eventId: string, kind: SpoolEntry['kind'], reason: WithheldReason | null, size: number) {
    return {
      event_id: eventId,
      kind,
      reason,
      size_bytes: size,
      created_at: this.clock(),
      attempts: 0,
      next_at: 0,
    };
  }

  /** Records that no copy is kept for this event, and why (sent to the server later). */
  async withhold(eventId: string, reason: WithheldReason): Promise<void> {
    await rm(this.copyPath(eventId), { force: true });
    await this.write(this.entry(eventId, 'withheld', reason, 0));
  }

  /** Bytes of copies waiting in the spool. */
  async spooledBytes(): Promise<number> {
    let total = 0;
    for (const e of await this.entries()) if (e.kind === 'copy') total += e.size_bytes;
    return total;
  }

  /**
   * Keeps a copy of the file the agent decided on. The file is read again and kept only when its
   * BLAKE3 equals the hash of the bytes the decision read (`content.blake3`); otherwise the copy is
   * withheld with the reason. Never throws: a failure is itself a withheld reason.
   */
  async capture(
    eventId: string,
    path: string,
    content: ContentRead | null,
  ): Promise<WithheldReason | 'kept'> {
    this.inFlight.add(eventId);
    const reason = await this.tryCapture(eventId, path, content)
      .catch((err: unknown) => {
        this.log('warn', 'evidence copy could not be spooled', {
          event_id: eventId,
          error: (err as Error).message,
        });
        return 'spool_failed' as const;
      })
      .finally(() => this.inFlight.delete(eventId));
    if (reason === 'kept') return reason;
    try {
      await this.withhold(eventId, reason);
    } catch (err) {
      this.log('error', 'evidence withheld notice could not be spooled', {
        event_id: eventId,
        error: (err as Error).message,
      });
    }
    return reason;
  }

  private async tryCapture(
    eventId: string,
    path: string,
    content: ContentRead | null,
  ): Promise<WithheldReason | 'kept'> {
    if (!ID.test(eventId)) throw new Error('bad event id');
    if (!content || content.blake3 === null) {
      const cause = content?.not_read?.cause;
      return cause === 'too_large'
        ? 'over_cap'
        : cause === 'changed' || cause === 'vanished'
          ? 'changed'
          : 'unreadable';
    }
    if (content.size_bytes > EVIDENCE_FILE_MAX_BYTES) return 'over_cap';
    if ((await this.spooledBytes()) + content.size_bytes > this.maxSpoolBytes) return 'spool_full';
    let bytes: Buffer;
    try {
      const st = await stat(path);
      if (st.size !== content.size_bytes) return 'changed';
      bytes = await readFile(path);
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'changed' : 'unreadable';
    }
    if ((await blake3Bytes(bytes)) !== content.blake3) return 'changed';
    await this.ensureDir();
    await this.durable(this.copyPath(eventId), bytes);
    await this.write(this.entry(eventId, 'copy', null, bytes.length));
    return 'kept';
  }

  /** Every entry, oldest first; unreadable metadata is skipped (and logged). */
  async entries(): Promise<SpoolEntry[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    await this.recover(names);
    const out: SpoolEntry[] = [];
    for (const n of names) {
      if (!n.endsWith('.json')) continue;
      try {
        out.push(JSON.parse(await readFile(join(this.dir, n), 'utf8')) as SpoolEntry);
      } catch {
        this.log('warn', 'unreadable evidence spool entry skipped', { file: n });
      }
    }
    return out.sort((a, b) => a.created_at - b.created_at || a.event_id.localeCompare(b.event_id));
  }

  /**
   * After a crash mid-capture: a temporary file is removed, and a copy without its metadata
   * becomes a `spool_failed` notice (its bytes were never confirmed written), so every event that
   * asked for a copy still gets an answer.
   */
  private async recover(names: string[]): Promise<void> {
    const has = new Set(names);
    for (const n of names) {
      const id = n.replace(/\.(bin|json)(\.tmp)?$/, '');
      if (!ID.test(id) || this.inFlight.has(id)) continue;
      if (n.endsWith('.tmp')) {
        await rm(join(this.dir, n), { force: true });
      } else if (n.endsWith('.bin') && !has.has(`${id}.json`)) {
        this.log('warn', 'evidence copy without its record; withheld', { event_id: id });
        await this.withhold(id, 'spool_failed');
        names.push(`${id}.json`);
      }
    }
  }

  async readCopy(eventId: string): Promise<Buffer> {
    return readFile(this.copyPath(eventId));
  }

  /** Removes an entry the server has answered (the copy first, then its metadata). */
  async remove(eventId: string): Promise<void> {
    await rm(this.copyPath(eventId), { force: true });
    await rm(this.meta(eventId), { force: true });
  }
}
