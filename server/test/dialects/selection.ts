import fs from 'node:fs';
import path from 'node:path';

/**
 * Which server test files run twice, once per dialect (issue 23, "One suite, two databases").
 *
 * A file reaches SQL when it (or a test helper it imports, transitively) calls `createTestApp(`
 * or `connectDatabase(` (importing `helpers/test-app.ts`, which defines the former, is not enough). Every such file runs in the `server` project (SQLite) and again in the
 * `server-pg` project (PostgreSQL), unless it is listed below with the reason it cannot; a file
 * that never reaches SQL runs once. `selection.test.ts` keeps this list honest (each entry exists,
 * reaches SQL and says why); docs/testing.md explains the split.
 */
export const SQLITE_ONLY: Readonly<Record<string, string>> = {
  // SQLite's own machinery
  'test/agents/wal-checkpointer.test.ts': 'SQLite WAL checkpoints and page-cache pragmas',
  'test/migrations.test.ts':
    'migrates SQLite files (first run, restart, an older build); the schema test covers both',
  'test/migration-classification-ids.test.ts': 'replays old migrations over a SQLite file',
  'test/identity/schema-versioning.test.ts': 'an older build refusing a newer SQLite file',
  // processes and CLIs that open the data directory's SQLite file
  'test/server-process.test.ts': "spawns dlp-server on its data directory's SQLite file",
  'test/cli.test.ts': "the operator CLI on the data directory's SQLite file",
  'test/ops.test.ts': 'the readiness probe on a SQLite file it migrates by hand',
  'test/identity/no-secrets-in-audit-or-logs.test.ts':
    'greps the SQLite file and the data directory for secrets',
  'test/incidents/query-timeout.test.ts':
    "SQLite's in-statement query budget (PostgreSQL's statement_timeout: postgres-triage.test.ts)",
  'test/agents/correlation-query-plan.test.ts': "SQLite's query planner (explain query plan)",
  // evidence copies are files in the data directory: storage is off on PostgreSQL by design
  'test/agents/evidence.test.ts':
    'evidence uploads land in the data directory; with DLP_DATABASE_URL storage is off (docs/deploy.md)',
  'test/evidence/evidence-access-routes.test.ts':
    'evidence copies live in the data directory; with DLP_DATABASE_URL storage is off (docs/deploy.md)',
  'test/backup-under-ingest.test.ts':
    "`dlp-server backup` copies the SQLite file while ingest runs (PostgreSQL: the operator's pg_dump)",
  'test/operator-cli.test.ts':
    "`dlp-server backup` copies the SQLite file (PostgreSQL: the operator's pg_dump)",
};

/**
 * Files of the PostgreSQL pass only, on its shared cluster (helpers/postgres.ts): the schema
 * comparison (it needs both databases at once), several instances on one database, and the
 * PostgreSQL-specific cases (row locks held by another session, parallel transactions racing).
 */
export const POSTGRES_ONLY: readonly string[] = [
  'test/dialects/schemas.test.ts',
  'test/multi-instance/job-once.test.ts',
  'test/multi-instance/publish-race.test.ts',
  'test/multi-instance/shared-limits.test.ts',
  'test/multi-instance/trust-set-lock.test.ts',
  'test/postgres-dialect.test.ts',
  'test/incidents/postgres-triage.test.ts',
];

const CALLS_SQL = /(?<!function )\b(?:createTestApp|connectDatabase)\(/;
/**
 * The helper that defines `createTestApp` (and migrates the per-worker SQLite template): it calls
 * `connectDatabase(` itself, but a file reaches SQL only by calling `createTestApp(`, which its own
 * text (or a harness it imports) shows. Not followed, so a file that takes only `makeTempDir` or
 * `testClock` from the helpers (a spawned `dlp-server` on its own SQLite file, a pure function)
 * runs once instead of twice.
 */
const SQL_ENTRY_DEFINER = path.join('helpers', 'test-app.ts');
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

/** Whether `file` (absolute) reaches SQL, following relative imports inside `testRoot`. */
function reachesSql(file: string, testRoot: string, memo: Map<string, boolean>): boolean {
  const known = memo.get(file);
  if (known !== undefined) return known;
  memo.set(file, false); // an import cycle does not reach SQL through itself
  const text = fs.readFileSync(file, 'utf8');
  let found = CALLS_SQL.test(text);
  for (const m of text.matchAll(RELATIVE_IMPORT)) {
    if (found) break;
    const target = path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts'));
    if (target === path.join(testRoot, SQL_ENTRY_DEFINER)) continue;
    if (target.startsWith(testRoot) && fs.existsSync(target)) found = reachesSql(target, testRoot, memo);
  }
  memo.set(file, found);
  return found;
}

function testFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The server's test files that reach SQL, relative to `serverRoot` (`test/…`), sorted. */
export function sqlTestFiles(serverRoot: string): string[] {
  const testRoot = path.resolve(serverRoot, 'test');
  const memo = new Map<string, boolean>();
  return testFiles(testRoot)
    .filter((f) => reachesSql(f, testRoot, memo))
    .map((f) => path.relative(path.resolve(serverRoot), f).split(path.sep).join('/'))
    .sort();
}

/** The files of the PostgreSQL pass: every file that reaches SQL and is not SQLite-only. */
export function postgresTestFiles(serverRoot: string): string[] {
  const files = sqlTestFiles(serverRoot).filter((f) => !(f in SQLITE_ONLY));
  return [...new Set([...files, ...POSTGRES_ONLY])].sort();
}
