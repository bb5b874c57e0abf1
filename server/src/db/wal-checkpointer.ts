import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointing thread copies committed WAL frames into the database file. */
const EVERY_MS = 200;

/**
 * The main connection's own checkpoint threshold (pages), reached only if the thread below
 * stops keeping up: the WAL never grows without bound.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

// CommonJS, evaluated in the worker: its own connection, passive checkpoints on a timer.
// Errors are dropped on purpose: a checkpoint that fails is retried on the next tick and the
// main connection's fallback threshold still bounds the WAL.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db = null;
try {
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 1000');
} catch {}
const timer = setInterval(() => {
  try { if (db) db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { if (db) db.close(); } catch {}
  const closed = new Int32Array(workerData.closed);
  Atomics.store(closed, 0, 1);
  Atomics.notify(closed, 0);
  parentPort.close();
});
`;

/** How long `stop` waits for the thread to close its connection. */
const STOP_WAIT_MS = 5_000;

export interface WalCheckpointer {
  /**
   * Closes the thread's connection and returns once it is closed. The last connection to close
   * removes the `-wal` and `-shm` files, so returning earlier would let a caller that deletes
   * the data directory race that removal.
   */
  stop(): void;
}

/**
 * Runs SQLite's WAL checkpoints on a second thread with its own connection. Left to the
 * writing connection, every thousandth page a commit also copied the WAL into the database
 * file and synced it: a tenth of event ingest's time on the one thread that serves every
 * request (docs/agent-interface.md, Throughput). PASSIVE checkpoints never block a writer or
 * a reader; the main connection keeps a high fallback threshold of its own.
 */
export function startWalCheckpointer(file: string): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const closed = new SharedArrayBuffer(4);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, everyMs: EVERY_MS, closed },
  });
  let exited = false;
  // Never keeps the process alive, and a failing thread is not the server's failure.
  worker.unref();
  worker.on('error', () => {});
  worker.on('exit', () => {
    exited = true;
  });
  return {
    stop: () => {
      if (exited) return;
      worker.postMessage('stop');
      // Closing happens once, at shutdown: a short synchronous wait keeps Kysely's synchronous
      // close honest about the files it leaves behind.
      Atomics.wait(new Int32Array(closed), 0, 0, STOP_WAIT_MS);
    },
  };
}
