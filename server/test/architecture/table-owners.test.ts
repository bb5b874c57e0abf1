import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSources } from './source-files.js';
import { checkTableOwners, namedTables, tableOwners } from './table-owners-check.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(HERE, '..', '..', '..');
const FIXTURES = join(HERE, 'fixtures', 'tables');

describe('each module names only its own tables (docs/architecture.md, "Table owners")', () => {
  it('no module file names a table another module owns (there is no baseline: none is allowed)', () => {
    const messages = checkTableOwners(loadSources(REPO, ['server/src'], '.ts')).map(
      (v) => `${v.line}\n     ${v.hint}`,
    );
    expect(messages.join('\n'), 'table owners: see docs/architecture.md, "Table owners"').toBe('');
  });

  it('knows the owner of the tables the modules declare', () => {
    const owners = tableOwners(loadSources(REPO, ['server/src'], '.ts'));
    expect(owners.get('agent_events')).toBe('agent-events');
    expect(owners.get('agent_commands')).toBe('agents');
    expect(owners.get('devices')).toBe('agents');
    expect(owners.get('incident_questions')).toBe('incidents');
    expect(owners.get('users')).toBe('foundation');
  });

  it("reports a store that reads or writes another module's table, by builder or in SQL text", () => {
    const violations = checkTableOwners(loadSources(FIXTURES, ['server'], '.ts.fixture'));
    expect(violations.map((v) => v.line)).toEqual([
      'table server/src/modules/beta/store.ts -> alpha_notes',
      'table server/src/modules/beta/store.ts -> alpha_rows',
    ]);
    expect(violations[0]!.hint).toContain('server/src/modules/alpha/public.ts');
  });

  it('reads builder arguments, aliases, lists and sql text, not comments or other strings', () => {
    expect([...namedTables("db.selectFrom('a as x').innerJoin('b', 'b.id', 'x.id')")]).toEqual(['a', 'b']);
    expect([...namedTables("eb.selectFrom(['c', 'd as e']); ({ selectFrom }) => selectFrom('f')")]).toEqual([
      'c',
      'd',
      'f',
    ]);
    expect([...namedTables('sql`update g set n = 1 where id in (select id from "h")`')]).toEqual(['g', 'h']);
    expect([...namedTables("// db.deleteFrom('i')\nconst s = 'selectFrom(\\'j\\')'; log('from k')")]).toEqual(
      [],
    );
  });
});
