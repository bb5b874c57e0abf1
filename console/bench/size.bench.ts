/**
 * The console's JavaScript as a browser downloads it: every built script, gzipped (issue 17's
 * target is under 400 KB). Reads console/dist, so `npm run bench` builds first.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets');

test('console JavaScript size, gzipped', async () => {
  const names = (await fs.readdir(assets)).filter((n) => n.endsWith('.js'));
  expect(names.length).toBeGreaterThan(0);
  let raw = 0;
  let gzipped = 0;
  for (const name of names) {
    const body = await fs.readFile(path.join(assets, name));
    raw += body.length;
    gzipped += gzipSync(body, { level: 9 }).length;
  }
  console.log(
    `console JavaScript: ${names.length} file(s), ${(raw / 1024).toFixed(1)} KB, ` +
      `${(gzipped / 1024).toFixed(1)} KB gzipped (target < 400 KB)`,
  );
});
