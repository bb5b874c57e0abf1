import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkImportGraph,
  compareWithBaseline,
  countPlatformReads,
  parseBaseline,
  readSpecifiers,
  type SourceFile,
} from './import-graph-check.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(HERE, '..', '..', '..');
const BASELINE = join(HERE, 'import-graph-baseline.txt');
const FIXTURES = join(HERE, 'fixtures');

/** The source the rules cover: every workspace's src, and the native facade's TypeScript. */
const ROOTS = ['engine/src', 'server/src', 'agent/src', 'agent/native/lib', 'agent/native/index.ts'];

function walk(root: string, suffix: string): string[] {
  if (statSync(root).isFile()) return [root];
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const full = join(root, entry.name);
    if (entry.isDirectory()) return walk(full, suffix);
    return entry.name.endsWith(suffix) ? [full] : [];
  });
}

function load(base: string, roots: string[], suffix: string): SourceFile[] {
  return roots
    .flatMap((root) => walk(join(base, root), suffix))
    .map((full) => ({
      path: relative(base, full)
        .split(sep)
        .join('/')
        .slice(0, suffix === '.ts' ? undefined : -'.fixture'.length),
      text: readFileSync(full, 'utf8'),
    }))
    .filter((f) => !f.path.endsWith('.d.ts'));
}

describe('module seams (docs/architecture.md)', () => {
  it('the tree has exactly the violations the baseline lists', () => {
    const violations = checkImportGraph(load(REPO, ROOTS, '.ts'));
    const baseline = parseBaseline(readFileSync(BASELINE, 'utf8'));
    const { added, gone } = compareWithBaseline(violations, baseline);
    const messages = [
      ...added.map((v) => `NEW  ${v.line}\n     ${v.hint}`),
      ...gone.map(
        (line) =>
          `GONE ${line}\n     fixed (or moved): delete this line from server/test/architecture/import-graph-baseline.txt`,
      ),
    ];
    expect(messages.join('\n'), 'module seams: see docs/architecture.md, "Module seams"').toBe('');
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
