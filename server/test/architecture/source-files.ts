import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SourceFile } from './import-graph-check.js';

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
        .slice(0, suffix === '.ts' ? undefined : -'.fixture'.length),
      text: readFileSync(full, 'utf8'),
    }))
    .filter((f) => !f.path.endsWith('.d.ts'));
}
