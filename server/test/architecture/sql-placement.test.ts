import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSources } from './source-files.js';
import { checkSqlPlacement, countQueries } from './sql-placement-check.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(HERE, '..', '..', '..');
const FIXTURES = join(HERE, 'fixtures', 'sql');

describe('SQL only in stores (docs/architecture.md, "Module seams")', () => {
  it('no module file outside a store builds SQL (there is no baseline: none is allowed)', () => {
    const messages = checkSqlPlacement(loadSources(REPO, ['server/src'], '.ts')).map(
      (v) => `${v.line}\n     ${v.hint}`,
    );
    expect(messages.join('\n'), 'SQL placement: see docs/architecture.md, "Module seams"').toBe('');
  });

  it('reports a route and a service that build queries; stores, transactions and db/ stay quiet', () => {
    const violations = checkSqlPlacement(loadSources(FIXTURES, ['server'], '.ts.fixture'));
    expect(violations.map((v) => v.line)).toEqual([
      'sql server/src/modules/gamma/routes.ts',
      'sql server/src/modules/gamma/service.ts',
    ]);
    expect(violations[0]!.hint).toContain('server/src/modules/gamma/store.ts');
  });

  it('counts builder calls and the sql tag across lines, not in comments or template text', () => {
    expect(countQueries("db\n  .selectFrom('t')\n  .selectAll()")).toBe(1);
    expect(countQueries("trx.updateTable('t').set({}); trx.deleteFrom('u')")).toBe(2);
    expect(countQueries('const n = sql<number>`count(*)`; sql.raw(x); sql`x`')).toBe(3);
    expect(countQueries("db.schema.createTable('t')")).toBe(1);
    expect(
      countQueries("// db.insertInto('t')\n/* db.insertInto('t') */ const s = `db.insertInto('t')`;"),
    ).toBe(0);
    expect(countQueries('db.transaction().execute(run); const mysql = 1; nosql`x`')).toBe(0);
  });
});
