// Pinned packages from the npm registry (scripts/package/pins.json), through `npm pack` only: the
// tarball's SHA-512 must equal the pinned integrity before anything in it is used. Unpacked once
// into the cache folder (dist/package/.cache, ignored by git); npm's own cache makes a second
// fetch local.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const HERE = import.meta.dirname;
export const PINS = JSON.parse(readFileSync(join(HERE, 'pins.json'), 'utf8'));

/** Unpacks the pinned package `name` under `cacheDir`; answers the folder holding its files. */
export function fetchPinned(name, cacheDir) {
  const pin = PINS[name];
  if (!pin) throw new Error(`${name} is not pinned in scripts/package/pins.json`);
  const dir = join(cacheDir, `${name.replace('/', '+')}-${pin.version}`);
  if (existsSync(join(dir, '.verified'))) return join(dir, 'package');
  rmSync(dir, { recursive: true, force: true });
  const work = `${dir}.partial`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  execFileSync('npm', ['pack', '--silent', '--pack-destination', work, `${name}@${pin.version}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tgz = readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (!tgz) throw new Error(`npm pack ${name}@${pin.version} wrote no tarball`);
  const got = `sha512-${createHash('sha512')
    .update(readFileSync(join(work, tgz)))
    .digest('base64')}`;
  if (got !== pin.integrity) {
    throw new Error(`${name}@${pin.version}: integrity ${got} is not the pinned ${pin.integrity}`);
  }
  execFileSync('tar', ['xzf', join(work, tgz), '-C', work]);
  rmSync(join(work, tgz));
  execFileSync('touch', [join(work, '.verified')]);
  renameSync(work, dir);
  return join(dir, 'package');
}
