import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createFsWatching } from '../src/platform/linux/watcher.js';
import { tempDir } from './helpers/tmp.js';

const handles: { close(): void }[] = [];
afterEach(() => {
  for (const h of handles.splice(0)) h.close();
});

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function watchTree(root: string) {
  const seen = new Set<string>();
  const errors: Error[] = [];
  const h = createFsWatching().watch(
    root,
    (c) => seen.add(c.path),
    (e) => errors.push(e),
  );
  handles.push(h);
  return { h, seen, errors };
}

test('one watch per directory, not per file, covering directories that existed at start', async () => {
  const root = tempDir();
  mkdirSync(join(root, 'a', 'b'), { recursive: true });
  for (let i = 0; i < 50; i++) writeFileSync(join(root, 'a', 'b', `f${i}.txt`), 'x');
  for (let i = 0; i < 50; i++) writeFileSync(join(root, `g${i}.txt`), 'x');
  const { h, seen } = watchTree(root);
  await until(() => h.watchedDirectories().length === 3, 'the nested directories');
  expect(h.watchedDirectories().sort()).toEqual([root, join(root, 'a'), join(root, 'a', 'b')]);
  writeFileSync(join(root, 'a', 'b', 'f7.txt'), 'changed');
  await until(() => seen.has(join(root, 'a', 'b', 'f7.txt')), 'a change two levels down');
});

test('a directory created or moved in later is watched; one removed or moved away is dropped', async () => {
  const root = tempDir();
  const outside = tempDir();
  const { h, seen, errors } = watchTree(root);
  mkdirSync(join(root, 'new', 'inner'), { recursive: true });
  await until(() => h.watchedDirectories().includes(join(root, 'new', 'inner')), 'the new tree');
  writeFileSync(join(root, 'new', 'inner', 'late.txt'), 'x');
  await until(() => seen.has(join(root, 'new', 'inner', 'late.txt')), 'a file in the new tree');

  mkdirSync(join(outside, 'incoming'));
  renameSync(join(outside, 'incoming'), join(root, 'incoming'));
  await until(() => h.watchedDirectories().includes(join(root, 'incoming')), 'the moved-in directory');
  writeFileSync(join(root, 'incoming', 'x.txt'), 'x');
  await until(() => seen.has(join(root, 'incoming', 'x.txt')), 'a file in the moved-in directory');

  renameSync(join(root, 'incoming'), join(outside, 'gone'));
  rmSync(join(root, 'new'), { recursive: true });
  await until(() => h.watchedDirectories().length === 1, 'the departed directories dropped');
  expect(h.watchedDirectories()).toEqual([root]);
  expect(seen.has(join(root, 'new'))).toBe(true);
  expect(errors).toEqual([]);
});

test('a missing root fails at once; closing stops every watch', async () => {
  expect(() =>
    createFsWatching().watch(
      join(tempDir(), 'absent'),
      () => {},
      () => {},
    ),
  ).toThrow();
  const root = tempDir();
  mkdirSync(join(root, 'd'));
  const { h, seen } = watchTree(root);
  await until(() => h.watchedDirectories().length === 2, 'the subdirectory');
  h.close();
  expect(h.watchedDirectories()).toEqual([]);
  writeFileSync(join(root, 'd', 'after.txt'), 'x');
  await new Promise((r) => setTimeout(r, 200));
  expect(seen.size).toBe(0);
});

test('a wide, deep tree is watched whole, every directory once', async () => {
  const root = tempDir();
  const expected = [root];
  for (let a = 0; a < 30; a++) {
    for (let b = 0; b < 10; b++) {
      const dir = join(root, `a${a}`, `b${b}`);
      mkdirSync(dir, { recursive: true });
      if (b === 0) expected.push(join(root, `a${a}`));
      expected.push(dir);
    }
  }
  const { h, seen, errors } = watchTree(root);
  await until(() => h.watchedDirectories().length === expected.length, 'all 331 directories');
  expect(h.watchedDirectories().sort()).toEqual(expected.sort());
  writeFileSync(join(root, 'a29', 'b9', 'deep.txt'), 'x');
  await until(() => seen.has(join(root, 'a29', 'b9', 'deep.txt')), 'a change in the last directory');
  expect(errors).toEqual([]);
});
