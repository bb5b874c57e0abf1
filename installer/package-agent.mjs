#!/usr/bin/env node
// Builds the self-contained Linux agent tree that installer/install.sh installs:
//   node installer/package-agent.mjs --out DIR
// from a built checkout (`npm ci && npm run build`). DIR receives the agent's compiled code, the
// engine and the native addon as real folders (never links into the checkout), and the agent's
// production dependency closure copied from the installed node_modules: nothing is downloaded, no
// development dependency comes along. Files only a build needs (sources, headers, object files,
// type declarations, source maps) are left out.
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Dependencies only an install step uses (fetching or compiling a binary that is already built). */
const INSTALL_TIME_ONLY = new Set(['prebuild-install', 'node-addon-api', 'node-gyp-build']);
/** Our workspaces: copied from their build output, their package.json trimmed. */
const WORKSPACES = {
  '@custos/engine': { dir: join(SRC, 'engine'), extra: [] },
  '@custos/native': { dir: join(SRC, 'agent/native'), extra: ['build/Release/custos_native.node'] },
};
/** Folders of a dependency that only building it needs. */
const BUILD_ONLY_DIRS = new Set(['deps', 'vendor', 'obj', 'obj.target', '.deps']);
/** Compiler input of a native package (its JavaScript may sit beside it, e.g. koffi's src/). */
const NATIVE_SOURCE = /\.(c|cc|cpp|cxx|h|hh|hpp|hxx|S|asm|inc|def|gyp|gypi|py|cmake)$|^CMakeLists\.txt$/;

function fail(message) {
  process.stderr.write(`package-agent: ${message}\n`);
  process.exit(1);
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function keepFile(name) {
  if (name.endsWith('.d.ts') || name.endsWith('.d.mts') || name.endsWith('.d.cts')) return false;
  if (name.endsWith('.map') || name.endsWith('.tsbuildinfo')) return false;
  if (name.endsWith('.a') || name.endsWith('.o') || name.endsWith('.mk') || name === 'Makefile') return false;
  if (name === 'binding.gyp' || name === 'config.gypi' || name === 'test_extension.node') return false;
  return true;
}

/**
 * Copies a dependency folder without its nested node_modules (resolved separately) or build files;
 * a compiled (native) package also loses the folders only its build reads.
 */
function copyPackage(from, to, native) {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (e.name === 'node_modules') continue;
    const a = join(from, e.name);
    const b = join(to, e.name);
    if (e.isDirectory()) {
      if (native && BUILD_ONLY_DIRS.has(e.name)) continue;
      copyPackage(a, b, native);
    } else if (e.isFile() && keepFile(e.name) && !(native && NATIVE_SOURCE.test(e.name))) {
      cpSync(a, b);
    }
  }
}

/** Copies only compiled JavaScript from a workspace's dist folder. */
function copyDist(from, to) {
  for (const e of readdirSync(from, { withFileTypes: true })) {
    const a = join(from, e.name);
    if (e.isDirectory()) copyDist(a, join(to, e.name));
    else if (e.name.endsWith('.js')) {
      mkdirSync(to, { recursive: true });
      cpSync(a, join(to, e.name));
    }
  }
}

/** A workspace manifest as shipped: no scripts (nothing rebuilds), no source condition, no dev deps. */
function shippedManifest(pkg, engines) {
  const out = { name: pkg.name, version: pkg.version, private: true, type: pkg.type };
  if (pkg.bin) out.bin = pkg.bin;
  if (pkg.exports) {
    out.exports = JSON.parse(JSON.stringify(pkg.exports), (key, value) =>
      key === '@custos/source' || key === 'types' ? undefined : value,
    );
  }
  const deps = Object.fromEntries(
    Object.entries(pkg.dependencies ?? {}).filter(([name]) => !INSTALL_TIME_ONLY.has(name)),
  );
  if (Object.keys(deps).length > 0) out.dependencies = deps;
  if (engines) out.engines = engines;
  return out;
}

/** Node's lookup: `<dir>/node_modules/<name>`, walking up to the checkout's root. */
function locate(name, fromDir) {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === SRC || dirname(dir) === dir) return null;
    dir = dirname(dir);
  }
}

function main() {
  const i = process.argv.indexOf('--out');
  if (i < 0 || !process.argv[i + 1]) fail('usage: package-agent.mjs --out DIR');
  const out = resolve(process.argv[i + 1]);
  if (existsSync(out) && readdirSync(out).length > 0) fail(`${out} is not empty`);
  const agentDir = join(SRC, 'agent');
  for (const p of [
    join(agentDir, 'dist/cli/main.js'),
    join(SRC, 'engine/dist/index.js'),
    join(SRC, 'agent/native/dist/index.js'),
  ]) {
    if (!existsSync(p)) fail(`${relative(SRC, p)} is missing: build first (npm ci && npm run build)`);
  }
  if (!existsSync(join(WORKSPACES['@custos/native'].dir, WORKSPACES['@custos/native'].extra[0])))
    fail('the native addon is not built (npm ci builds it)');
  const engines = readJson(join(SRC, 'package.json')).engines;

  // Where each source folder lands: the agent is the tree's root, workspaces under node_modules.
  const homes = [
    { src: SRC, dst: out },
    { src: agentDir, dst: out },
    { src: WORKSPACES['@custos/engine'].dir, dst: join(out, 'node_modules/@custos/engine') },
    { src: WORKSPACES['@custos/native'].dir, dst: join(out, 'node_modules/@custos/native') },
  ];
  const destinationOf = (srcPath) => {
    const home = homes
      .filter((h) => srcPath === h.src || srcPath.startsWith(h.src + sep))
      .sort((a, b) => b.src.length - a.src.length)[0];
    return join(home.dst, relative(home.src, srcPath));
  };

  mkdirSync(join(out, 'bin'), { recursive: true });
  copyDist(join(agentDir, 'dist'), join(out, 'dist'));
  cpSync(join(agentDir, 'bin/dlp-agent.js'), join(out, 'bin/dlp-agent.js'));
  const agentPkg = readJson(join(agentDir, 'package.json'));
  writeFileSync(
    join(out, 'package.json'),
    `${JSON.stringify(shippedManifest(agentPkg, engines), null, 2)}\n`,
  );

  const placed = new Map(); // destination → source
  const queue = [{ pkgDir: agentDir, pkg: agentPkg }];
  while (queue.length > 0) {
    const { pkgDir, pkg } = queue.shift();
    const wanted = { ...(pkg.dependencies ?? {}), ...(pkg.optionalDependencies ?? {}) };
    for (const name of Object.keys(wanted)) {
      if (INSTALL_TIME_ONLY.has(name)) continue;
      const found = locate(name, pkgDir);
      if (!found) {
        if (name in (pkg.optionalDependencies ?? {})) continue; // another platform's binary
        fail(`${pkg.name} needs ${name}, which is not installed`);
      }
      const real = realpathSync(found);
      const ws = WORKSPACES[name];
      const dst = ws ? join(out, 'node_modules', name) : destinationOf(found);
      const before = placed.get(dst);
      if (before === real) continue;
      if (before) fail(`${dst} would hold both ${before} and ${real}`);
      placed.set(dst, real);
      const depPkg = readJson(join(real, 'package.json'));
      if (ws) {
        mkdirSync(dst, { recursive: true });
        copyDist(join(real, 'dist'), join(dst, 'dist'));
        for (const f of ws.extra) {
          mkdirSync(dirname(join(dst, f)), { recursive: true });
          cpSync(join(real, f), join(dst, f));
        }
        writeFileSync(join(dst, 'package.json'), `${JSON.stringify(shippedManifest(depPkg), null, 2)}\n`);
        queue.push({ pkgDir: ws.dir, pkg: depPkg });
      } else {
        copyPackage(real, dst, existsSync(join(real, 'binding.gyp')) || Boolean(depPkg.scripts?.install));
        queue.push({ pkgDir: lstatSync(found).isSymbolicLink() ? real : found, pkg: depPkg });
      }
    }
  }
  process.stdout.write(`package-agent: ${out} (${placed.size} packages)\n`);
}

main();
