// Run by agent/test/packaged-agent.test.ts with the Node 24 the executables embed: the node:sqlite
// adapter (sqlite-node.mjs) keeps better-sqlite3's transaction rules. Prints one JSON line.
import Database from './sqlite-node.mjs';

const db = new Database(':memory:');
db.pragma('journal_mode = WAL');
db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY, v TEXT)');
const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
const count = () => db.prepare('SELECT count(*) AS c FROM t').get().c;
const out = {};

out.committed = db.transaction((v) => insert.run(v).changes).immediate('a');
out.inTransactionAfter = db.inTransaction;
try {
  db.transaction(() => {
    insert.run('b');
    throw new Error('boom');
  })();
} catch (err) {
  out.thrown = err.message;
}
out.afterRollback = count();
out.nested = db
  .transaction(() => {
    insert.run('c');
    try {
      db.transaction(() => {
        insert.run('d');
        throw new Error('inner');
      }).deferred();
    } catch {
      /* the inner savepoint rolled back, the outer goes on */
    }
    return db.inTransaction;
  })
  .exclusive();
out.afterNested = db
  .prepare('SELECT v FROM t ORDER BY n')
  .all()
  .map((r) => r.v);
out.row = db.prepare('SELECT v FROM t WHERE n = ?').get(99) ?? null;
db.close();
process.stdout.write(`${JSON.stringify(out)}\n`);
