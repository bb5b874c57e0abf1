import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { countLines, MAX_LINES, measure, oversized } from './file-size-check.js';

const REPO = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
const ROOTS = ['engine/src', 'server/src', 'agent/src', 'agent/native/lib', 'console/src'];

/**
 * Files allowed over the limit, by path, each with its reason: only data tables (a list of
 * values read as data, not logic). Empty today; a new entry needs a reason a reviewer accepts.
 */
const DATA_TABLES = new Map<string, string>([]);

describe('files have one job (issue 15: no file under */src over 400 lines)', () => {
  it('every .ts/.tsx source file under the workspaces’ src has at most 400 lines', () => {
    const files = measure(REPO, ROOTS);
    expect(files.length).toBeGreaterThan(100);
    expect(oversized(files, DATA_TABLES).join('\n'), 'split the file by job').toBe('');
  });

  it('lists only exceptions that still exist and are still over the limit', () => {
    const sizes = new Map(measure(REPO, ROOTS).map((f) => [f.path, f.lines]));
    for (const [path, reason] of DATA_TABLES) {
      expect(reason, path).not.toBe('');
      expect(sizes.get(path) ?? 0, `${path} is no longer over the limit: drop it`).toBeGreaterThan(MAX_LINES);
    }
  });

  it('reports a file of 401 lines, not one of 400, a declaration file or prose, and honours exceptions', () => {
    const base = mkdtempSync(join(tmpdir(), 'custos-size-'));
    try {
      const lines = (n: number, make: (i: number) => string) =>
        Array.from({ length: n }, (_, i) => `${make(i)}\n`).join('');
      mkdirSync(join(base, 'src', 'deep'), { recursive: true });
      writeFileSync(
        join(base, 'src', 'small.ts'),
        lines(3, (i) => `export const a${i} = ${i};`),
      );
      writeFileSync(
        join(base, 'src', 'deep', 'long.ts'),
        lines(401, (i) => `export const v${i} = ${i};`),
      );
      writeFileSync(
        join(base, 'src', 'deep', 'exact.tsx'),
        lines(400, (i) => `export const w${i} = ${i};`),
      );
      writeFileSync(
        join(base, 'src', 'deep', 'big.d.ts'),
        lines(500, (i) => `export declare const d${i}: 1;`),
      );
      writeFileSync(
        join(base, 'src', 'notes.md'),
        lines(500, () => 'prose'),
      );
      const files = measure(base, ['src']);
      expect(files.map((f) => f.path).sort()).toEqual([
        'src/deep/exact.tsx',
        'src/deep/long.ts',
        'src/small.ts',
      ]);
      expect(oversized(files, new Map())).toEqual([
        'src/deep/long.ts: 401 lines (at most 400; split it by job)',
      ]);
      expect(oversized(files, new Map([['src/deep/long.ts', 'a data table']]))).toEqual([]);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('counts lines as an editor does', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\nb')).toBe(2);
    expect(countLines('a\n\nb\n')).toBe(3);
  });
});
