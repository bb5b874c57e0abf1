import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, postgresTestFiles, SQLITE_ONLY, sqlTestFiles } from './selection.js';

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));

/** No silent skips: every file left out of the PostgreSQL pass is listed, exists and says why. */
describe('the files of the PostgreSQL pass', () => {
  const sql = sqlTestFiles(serverRoot);

  it('finds the SQL test files by what they call', () => {
    expect(sql).toContain('test/incidents/status-routes.test.ts'); // through a harness
    expect(sql).toContain('test/db-dialect.test.ts'); // createTestApp itself
    expect(sql).not.toContain('test/systemd-unit.test.ts'); // no database at all
    // Only makeTempDir from the helpers; the dlp-server it spawns opens its own SQLite file.
    expect(sql).not.toContain('test/shutdown.test.ts');
  });

  it('leaves out only listed files that exist, reach SQL and give a reason', () => {
    for (const [file, reason] of Object.entries(SQLITE_ONLY)) {
      expect(fs.existsSync(path.join(serverRoot, file)), file).toBe(true);
      expect(sql, file).toContain(file);
      expect(reason.length, file).toBeGreaterThan(10);
    }
    const pg = postgresTestFiles(serverRoot);
    expect(sql.filter((f) => !pg.includes(f)).sort()).toEqual(Object.keys(SQLITE_ONLY).sort());
  });

  it('runs the PostgreSQL-only files in the PostgreSQL pass', () => {
    for (const file of POSTGRES_ONLY) expect(postgresTestFiles(serverRoot)).toContain(file);
  });
});
