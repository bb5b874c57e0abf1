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
  parentPort.close();
});
`;

export interface WalCheckpointer {
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
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, everyMs: EVERY_MS },
  });
  // Never keeps the process alive, and a failing thread is not the server's failure.
  worker.unref();
  worker.on('error', () => {});
  return {
    stop: () => worker.postMessage('stop'),
  };
}
