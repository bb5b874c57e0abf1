import { closeSync, fdatasync, openSync } from 'node:fs';

/**
 * Makes a SQLite database's committed WAL frames durable off the agent's thread (issue 18: a held
 * open must not wait behind the previous event's fsync). The database runs with `synchronous =
 * NORMAL`: a commit is written to the WAL (it survives the agent being killed) without an fsync;
 * `flush()` then runs `fdatasync` on the WAL file in libuv's thread pool, and every commit made
 * before the call is on disk when its promise resolves. Calls while one fsync runs share the next
 * one (group commit): at most one runs and one waits, however many events arrive. SQLite itself
 * syncs the WAL before a checkpoint and its header when the file is reused, so frames a
 * checkpoint moved into the database file are durable already.
 */
export class WalFlusher {
  private fd: number | null = null;
  private running: Promise<void> | null = null;
  private waiting: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly walPath: string) {}

  /** Resolves once every commit made before this call is on disk; rejects with the fsync's error. */
  flush(): Promise<void> {
    if (!this.running) return this.start();
    this.waiting ??= this.running
      .catch(() => {})
      .then(() => {
        this.waiting = null;
        return this.start();
      });
    return this.waiting;
  }

  /** No more fsyncs; the file is let go now, or when the fsync in progress ends. */
  close(): void {
    this.closed = true;
    if (!this.running) this.release();
  }

  private start(): Promise<void> {
    const run = this.sync().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  private sync(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed) return resolve();
      if (this.fd === null) {
        try {
          this.fd = openSync(this.walPath, 'r+');
        } catch (err) {
          // No WAL file: nothing was committed through one.
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return resolve();
          return reject(err);
        }
      }
      fdatasync(this.fd, (err) => {
        if (this.closed) this.release();
        if (err) reject(err);
        else resolve();
      });
    });
  }

  private release(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}
