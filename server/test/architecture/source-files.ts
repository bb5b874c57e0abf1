import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { compareWithBaseline, parseBaseline, type SourceFile, type Violation } from './import-graph-check.js';

function walk(root: string, suffix: string): string[] {
  if (statSync(root).isFile()) return [root];
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const full = join(root, entry.name);
    if (entry.isDirectory()) return walk(full, suffix);
    return entry.name.endsWith(suffix) ? [full] : [];
  });
}

/**
 * The files under `roots` (relative to `base`) ending in `suffix`, with repository-relative
 * POSIX paths; a fixture's `.fixture` ending is dropped so it reads as the file it stands for.
 */
export function loadSources(base: string, roots: string[], suffix: string): SourceFile[] {
  return roots
    .flatMap((root) => walk(join(base, root), suffix))
    .map((full) => ({
      path: relative(base, full)
        .split(sep)
        .join('/')
        .slice(0, suffix.endsWith('.fixture') ? -'.fixture'.length : undefined),
      text: readFileSync(full, 'utf8'),
    }))
    .filter((f) => !f.path.endsWith('.d.ts'));
}

/**
 * The violations against a baseline file, as one failure text ('' when they agree): each new
 * violation with its hint, each baseline line that no longer occurs with the reminder to delete it.
 */
export function baselineReport(violations: readonly Violation[], baselineFile: string): string {
  const baseline = parseBaseline(readFileSync(baselineFile, 'utf8'));
  const { added, gone } = compareWithBaseline(violations, baseline);
  return [
    ...added.map((v) => `NEW  ${v.line}\n     ${v.hint}`),
    ...gone.map(
      (line) =>
        `GONE ${line}\n     fixed (or moved): delete this line from server/test/architecture/${basename(baselineFile)}`,
    ),
  ].join('\n');
}
