import { open } from 'node:fs/promises';
import Database from 'better-sqlite3';
import type { FindingSummary } from './types.js';

export interface FileRecord {
  path: string;
  root: string;
  dev: number;
  ino: number;
  size: number;
  mtime_ms: number;
  blake3: string | null;
  findings: FindingSummary[];
  scanned_at: number;
  /** Bundle version the file was decided under: a new bundle re-inspects everything. */
  bundle_version: number;
}

/**
 * Stands in for the hash of a file the agent could not open (issue 26 item 4): the file is
 * remembered, so its unreadability is reported once, and `stillUnreadable` lets a sensor inspect it
 * again once it can be opened (a chmod or chown changes neither size nor modification time).
 */
export const UNREADABLE_MARK = 'unreadable';

/** True while a file remembered as unreadable still cannot be opened. */
export async function stillUnreadable(record: FileRecord): Promise<boolean> {
  if (record.blake3 !== UNREADABLE_MARK) return false;
  try {
    await (await open(record.path, 'r')).close();
    return false;
  } catch {
    return true;
  }
}

/**
 * What the agent remembers per path: identity (device, inode, size, mtime) for incremental discovery,
 * the content hash for move detection, and the findings so that a later deletion of a file with
 * findings raises `file_delete` (document 2: raised only when the endpoint remembers findings).
 */
export class FileStateStore {
  private readonly db: Database.Database;

  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // 1 MiB page cache: the agent's working set is small and idle memory counts (agent/bench/idle.bench.ts).
    this.db.pragma('cache_size = -1024');
    this.db.exec(`CREATE TABLE IF NOT EXISTS files (
      path TEXT PRIMARY KEY, root TEXT NOT NULL, dev INTEGER NOT NULL, ino INTEGER NOT NULL,
      size INTEGER NOT NULL, mtime_ms REAL NOT NULL, blake3 TEXT, findings TEXT NOT NULL, scanned_at INTEGER NOT NULL, bundle_version INTEGER NOT NULL DEFAULT 0,
      seen_pass INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS files_root ON files(root);
    CREATE INDEX IF NOT EXISTS files_ino ON files(dev, ino);`);
  }

  private row(r: Record<string, unknown> | undefined): FileRecord | undefined {
    if (!r) return undefined;
    return {
      path: r.path as string,
      root: r.root as string,
      dev: r.dev as number,
      ino: r.ino as number,
      size: r.size as number,
      mtime_ms: r.mtime_ms as number,
      blake3: (r.blake3 as string | null) ?? null,
      findings: JSON.parse(r.findings as string) as FindingSummary[],
      scanned_at: r.scanned_at as number,
      bundle_version: r.bundle_version as number,
    };
  }

  private pendingWrites = 0;
  private readonly statements = new Map<string, Database.Statement>();

  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /**
   * Writes are grouped into transactions of up to 500 (one commit per file made a discovery pass
   * commit-bound). The queue commits each event before its file is recorded here, so a crash loses at
   * most the memory of recent inspections: those files are inspected again (at-least-once), never lost.
   */
  private write(run: () => void): void {
    if (!this.db.inTransaction) this.db.exec('BEGIN');
    run();
    if (++this.pendingWrites >= 500) this.flush();
  }

  /** Commits grouped writes (end of a pass, before reporting departures, before closing). */
  flush(): void {
    if (this.db.inTransaction) this.db.exec('COMMIT');
    this.pendingWrites = 0;
  }

  get(path: string): FileRecord | undefined {
    return this.row(this.stmt('SELECT * FROM files WHERE path = ?').get(path) as Record<string, unknown>);
  }

  byInode(dev: number, ino: number): FileRecord | undefined {
    return this.row(
      this.stmt('SELECT * FROM files WHERE dev = ? AND ino = ?').get(dev, ino) as Record<string, unknown>,
    );
  }

  put(rec: FileRecord, pass = 0): void {
    this.write(() => this.putNow(rec, pass));
  }

  private putNow(rec: FileRecord, pass: number): void {
    this.stmt(
      `INSERT INTO files(path, root, dev, ino, size, mtime_ms, blake3, findings, scanned_at, bundle_version, seen_pass)
         VALUES (@path, @root, @dev, @ino, @size, @mtime_ms, @blake3, @findings, @scanned_at, @bundle_version, @pass)
         ON CONFLICT(path) DO UPDATE SET root=@root, dev=@dev, ino=@ino, size=@size, mtime_ms=@mtime_ms,
           blake3=@blake3, findings=@findings, scanned_at=@scanned_at, bundle_version=@bundle_version, seen_pass=@pass`,
    ).run({ ...rec, findings: JSON.stringify(rec.findings), pass });
  }

  markSeen(path: string, pass: number): void {
    this.write(() => {
      this.stmt('UPDATE files SET seen_pass = ? WHERE path = ?').run(pass, path);
    });
  }

  /** Records under `root` not seen in discovery pass `pass`: vanished since the last walk. */
  unseen(root: string, pass: number): FileRecord[] {
    this.flush();
    return (
      this.stmt('SELECT * FROM files WHERE root = ? AND seen_pass <> ?').all(root, pass) as Record<
        string,
        unknown
      >[]
    ).map((r) => this.row(r)!);
  }

  delete(path: string): void {
    this.write(() => {
      this.stmt('DELETE FROM files WHERE path = ?').run(path);
    });
  }

  /**
   * What decides changed without a new bundle (the server moved the endpoint to another group):
   * every remembered file is inspected and decided again at the next pass, findings kept meanwhile.
   */
  redecideAll(): void {
    this.flush();
    this.stmt('UPDATE files SET bundle_version = -1').run();
  }

  count(): number {
    return (this.stmt('SELECT count(*) AS n FROM files').get() as { n: number }).n;
  }

  close(): void {
    this.flush();
    this.db.close();
  }
}
