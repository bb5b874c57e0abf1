import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The most lines a source file may have (issue 15: one job a file). */
export const MAX_LINES = 400;

/** Lines as an editor numbers them: a final newline ends the last line, it does not start one. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

/** `.ts` and `.tsx` sources, not declaration files (generated types are not written by hand). */
function isSource(name: string): boolean {
  return (name.endsWith('.ts') || name.endsWith('.tsx')) && !name.endsWith('.d.ts');
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return isSource(entry.name) ? [full] : [];
  });
}

/** Each source file under `roots` (relative to `base`) with its POSIX path and line count. */
export function measure(base: string, roots: readonly string[]): { path: string; lines: number }[] {
  return roots
    .flatMap((root) => walk(join(base, root)))
    .map((full) => ({
      path: relative(base, full).split(sep).join('/'),
      lines: countLines(readFileSync(full, 'utf8')),
    }));
}

/** One line per file over `max` lines that is not an allowed exception. */
export function oversized(
  files: readonly { path: string; lines: number }[],
  exceptions: ReadonlyMap<string, string>,
  max = MAX_LINES,
): string[] {
  return files
    .filter((f) => f.lines > max && !exceptions.has(f.path))
    .map((f) => `${f.path}: ${f.lines} lines (at most ${max}; split it by job)`);
}
