// The part of better-sqlite3's API the agent uses (agent/src/queue/event-queue.ts,
// agent/src/sensors/file-state-store.ts), on Node's built-in `node:sqlite`. The single executable
// embeds Node 24, whose SQLite is built in; better-sqlite3's addon is compiled against one Node's V8
// and cannot be cross-built for Windows with mingw, so the bundler (scripts/package/bundle.mjs)
// resolves `better-sqlite3` to this file. Run from the source tree (Node 20), the agent keeps using
// better-sqlite3 itself. docs/packaging.md, "SQLite in the executable", says why.
import { DatabaseSync } from 'node:sqlite';

export default class Database {
  #db;

  constructor(path) {
    this.#db = new DatabaseSync(path);
  }

  /** `db.pragma('name = value')`; answers the rows PRAGMA returns, as better-sqlite3 does. */
  pragma(text) {
    return this.#db.prepare(`PRAGMA ${text}`).all();
  }

  exec(sql) {
    this.#db.exec(sql);
    return this;
  }

  prepare(sql) {
    return this.#db.prepare(sql);
  }

  get inTransaction() {
    return this.#db.isTransaction;
  }

  /**
   * `db.transaction(fn)`: a function that runs fn inside BEGIN … COMMIT (its `.deferred`,
   * `.immediate` and `.exclusive` variants begin that kind of transaction), or inside a savepoint
   * when a transaction is already open; a throw rolls back and is thrown again.
   */
  transaction(fn) {
    const db = this.#db;
    const variant =
      (begin) =>
      (...args) => {
        const nested = db.isTransaction;
        db.exec(nested ? 'SAVEPOINT custos_tx' : begin);
        try {
          const result = fn(...args);
          db.exec(nested ? 'RELEASE custos_tx' : 'COMMIT');
          return result;
        } catch (err) {
          if (db.isTransaction) db.exec(nested ? 'ROLLBACK TO custos_tx; RELEASE custos_tx' : 'ROLLBACK');
          throw err;
        }
      };
    const run = variant('BEGIN');
    run.deferred = variant('BEGIN DEFERRED');
    run.immediate = variant('BEGIN IMMEDIATE');
    run.exclusive = variant('BEGIN EXCLUSIVE');
    return run;
  }

  close() {
    this.#db.close();
  }
}
