#!/usr/bin/env node
// Fails when an installed package declares an `engines.node` range that excludes the lowest Node
// version the project itself declares (root package.json `engines.node`). Usage:
//   node scripts/check-engines.mjs [PROJECT_DIR]
// Prints one line per offending package and exits 1; prints a summary and exits 0 otherwise.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import semver from 'semver';

const root = resolve(process.argv[2] ?? '.');
const declared = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines?.node;
if (!declared) {
  console.error('check-engines: the root package.json declares no engines.node');
  process.exit(2);
}
const minimum = semver.minVersion(declared);

/** Every package directory under a node_modules folder, scoped and nested ones included. */
function* packages(dir) {
  let names;
  try {
    names = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of names) {
    if (e.name.startsWith('.') || !(e.isDirectory() || e.isSymbolicLink())) continue;
    const path = join(dir, e.name);
    if (e.name.startsWith('@')) {
      yield* packages(path);
      continue;
    }
    if (e.isSymbolicLink()) continue; // workspace links: checked as the project's own packages
    yield path;
    yield* packages(join(path, 'node_modules'));
  }
}

const dirs = [join(root, 'node_modules')];
for (const ws of ['engine', 'server', 'agent', 'agent/native']) dirs.push(join(root, ws, 'node_modules'));
const bad = [];
let count = 0;
for (const d of dirs) {
  for (const pkgDir of packages(d)) {
    let pkg;
    try {
      pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    count += 1;
    const range = pkg.engines?.node;
    if (typeof range !== 'string' || range.trim() === '') continue;
    if (!semver.validRange(range) || !semver.satisfies(minimum, range)) {
      bad.push(`${pkg.name}@${pkg.version} (${pkgDir.slice(root.length + 1)}): engines.node "${range}"`);
    }
  }
}
if (bad.length > 0) {
  console.error(
    `check-engines: ${bad.length} installed package(s) exclude Node ${minimum} (root declares "${declared}"):`,
  );
  for (const b of bad) console.error(`  ${b}`);
  process.exit(1);
}
console.log(
  `check-engines: ${count} installed packages accept Node ${minimum} (root declares "${declared}")`,
);
