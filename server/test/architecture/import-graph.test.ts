import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkImportGraph,
  compareWithBaseline,
  countPlatformReads,
  parseBaseline,
  readSpecifiers,
} from './import-graph-check.js';
import { baselineReport, loadSources as load } from './source-files.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(HERE, '..', '..', '..');
const BASELINE = join(HERE, 'import-graph-baseline.txt');
const FIXTURES = join(HERE, 'fixtures');

/** The source the rules cover: every workspace's src, and the native facade's TypeScript. */
const ROOTS = ['engine/src', 'server/src', 'agent/src', 'agent/native/lib', 'agent/native/index.ts'];

describe('module seams (docs/architecture.md)', () => {
  it('the tree has exactly the violations the baseline lists', () => {
    const messages = baselineReport(checkImportGraph(load(REPO, ROOTS, '.ts')), BASELINE);
    expect(messages, 'module seams: see docs/architecture.md, "Module seams"').toBe('');
  });

  it('the baseline is sorted and has no repeated line', () => {
    const baseline = parseBaseline(readFileSync(BASELINE, 'utf8'));
    expect(baseline).toEqual([...new Set(baseline)].sort());
  });

  it('reports each kind of violation in a fixture tree', () => {
    const violations = checkImportGraph(load(FIXTURES, ['server', 'agent'], '.ts.fixture'));
    expect(violations.map((v) => v.line)).toEqual([
      'below server/src/http/guard.ts -> server/src/modules/alpha/public.ts',
      'cycle alpha -> beta',
      'cycle beta -> alpha',
      'deep-import server/src/modules/alpha/service.ts -> server/src/modules/beta/store.ts',
      'driver agent/src/sensors/cache.ts -> better-sqlite3',
      'driver server/src/modules/beta/store.ts -> pg',
      'platform agent/src/cli/paths.ts x2',
    ]);
    // The allowed places stay quiet: beta → alpha goes through public.ts, agent/src/queue/ opens
    // SQLite, agent/src/platform/index.ts is the switch, and a commented-out import is no import.
    const hint = violations.find((v) => v.line.startsWith('deep-import'))!.hint;
    expect(hint).toContain('server/src/modules/beta/public.ts');
  });

  it('a violation missing from the baseline is new; a baseline line that no longer occurs is gone', () => {
    const violations = checkImportGraph(load(FIXTURES, ['server', 'agent'], '.ts.fixture'));
    const baseline = [
      'below server/src/http/guard.ts -> server/src/modules/alpha/public.ts',
      'cycle alpha -> beta',
      'cycle beta -> alpha',
      'driver agent/src/sensors/cache.ts -> better-sqlite3',
      'driver server/src/modules/beta/store.ts -> pg',
      'platform agent/src/cli/paths.ts x1',
    ];
    const { added, gone } = compareWithBaseline(violations, baseline);
    expect(added.map((v) => v.line)).toEqual([
      'deep-import server/src/modules/alpha/service.ts -> server/src/modules/beta/store.ts',
      'platform agent/src/cli/paths.ts x2',
    ]);
    expect(gone).toEqual(['platform agent/src/cli/paths.ts x1']);
  });

  it('reads every import form, across lines, and ignores comments and template text', () => {
    const text = [
      "import type { A } from './a.js';",
      'import {',
      '  b,',
      '  type C,',
      "} from './b.js';",
      "import './side-effect.js';",
      "export * from './c.js';",
      "export { d } from './d.js';",
      "const e = await import('./e.js');",
      "const f = require('f');",
      "// import { g } from './g.js';",
      "/* import { h } from './h.js'; */",
      "const t = `import { i } from './i.js'`;",
    ].join('\n');
    expect(readSpecifiers(text).sort()).toEqual([
      './a.js',
      './b.js',
      './c.js',
      './d.js',
      './e.js',
      './side-effect.js',
      'f',
    ]);
    expect(countPlatformReads("// process.platform\nif (process['platform'] === 'x') {}")).toBe(1);
    expect(countPlatformReads('const { platform } = process;')).toBe(1);
    const templateRead = ['const m = `on $', '{process.platform}`;'].join('');
    expect(countPlatformReads(templateRead)).toBe(1);
  });
});
