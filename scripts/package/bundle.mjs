// One CommonJS file holding the compiled agent (agent/dist, engine/dist, agent/native/dist) and its
// JavaScript dependencies, for the single executables of scripts/package/build.mjs. The same bundle
// serves linux-x64 and win-x64: the platform switch (agent/src/platform/index.ts) picks the backend
// at run time. What cannot be bundled is mapped here:
//   - `better-sqlite3` → scripts/package/sqlite-node.mjs (node:sqlite, built into Node 24);
//   - koffi's per-platform addon packages and any `.node` file → the SEA asset of that name, loaded
//     by scripts/package/sea-runtime.mjs;
//   - `createRequire(import.meta.url)` in our own code (lazy loads of undici, hash-wasm, koffi) → a
//     require that answers the bundled copy of each literal it is called with.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { basename, join, relative, sep } from 'node:path';
import { build } from 'esbuild';

const HERE = import.meta.dirname;
const ROOT = join(HERE, '..', '..');
/** Our compiled workspaces: the files whose createRequire calls are mapped. */
const OWN_DIST = ['agent/dist', 'engine/dist', 'agent/native/dist'].map((d) => join(ROOT, d));
/** koffi's addon package per target (koffi/src/static.cjs requires it by name) → asset name. */
const KOFFI_PACKAGES = /^@koromix\/koffi-(linux|win32)-x64$/;
export const KOFFI_ASSET = 'koffi.node';

function ownFile(path) {
  return OWN_DIST.some((d) => path.startsWith(d + sep));
}

function jsFiles(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) jsFiles(p, out);
    else if (e.name.endsWith('.js')) out.push(p);
  }
  return out;
}

/**
 * Every module a createRequire'd function of our code is called with: the string literals in such
 * a file that resolve from it as a package file (builtins and other strings are left out).
 */
export function lazyRequires() {
  const found = new Set();
  const builtins = new Set(builtinModules);
  for (const file of OWN_DIST.flatMap((d) => jsFiles(d))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('createRequire(import.meta.url)')) continue;
    const req = createRequire(file);
    for (const m of text.matchAll(/\(\s*'([^'\s]+)'\s*\)/g)) {
      const spec = m[1];
      if (spec.startsWith('.') || spec.startsWith('node:') || builtins.has(spec)) continue;
      try {
        req.resolve(spec);
        found.add(spec);
      } catch {
        /* not a module: some other string argument */
      }
    }
  }
  return [...found].sort();
}

const seaPlugin = {
  name: 'custos-sea',
  setup(b) {
    const runtime = join(HERE, 'sea-runtime.mjs');
    b.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: join(HERE, 'sqlite-node.mjs') }));
    b.onResolve({ filter: KOFFI_PACKAGES }, (args) => ({ path: args.path, namespace: 'sea-addon' }));
    b.onResolve({ filter: /\.node$/ }, (args) => ({
      path: basename(args.path),
      namespace: 'sea-addon',
    }));
    b.onLoad({ filter: /.*/, namespace: 'sea-addon' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(runtime)}).loadAddon(${JSON.stringify(
        KOFFI_PACKAGES.test(args.path) ? KOFFI_ASSET : args.path,
      )});`,
      resolveDir: HERE,
      loader: 'js',
    }));
    b.onResolve({ filter: /^node:module$/ }, (args) =>
      ownFile(args.importer) ? { path: 'node:module', namespace: 'sea-module' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'sea-module' }, () => {
      const table = lazyRequires()
        .map((s) => `  ${JSON.stringify(s)}: () => require(${JSON.stringify(s)}),`)
        .join('\n');
      return {
        contents: `const table = {\n${table}\n};
export function createRequire() {
  return (id) => {
    const load = table[id];
    if (!load) {
      const err = new Error('Cannot find module ' + id + ' (not bundled)');
      err.code = 'MODULE_NOT_FOUND';
      throw err;
    }
    return load();
  };
}`,
        resolveDir: join(ROOT, 'agent'),
        loader: 'js',
      };
    });
  },
};

/** Writes the bundle to `outfile`; answers esbuild's metafile summary (inputs, bytes). */
export async function bundleAgent({ outfile, commit }) {
  const result = await build({
    entryPoints: [join(HERE, 'sea-entry.mjs')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    minify: false,
    keepNames: true,
    legalComments: 'eof',
    sourcemap: false,
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: ROOT,
    // In a CommonJS bundle import.meta is empty; the facade's package lookup then finds nothing, as
    // it should inside the executable.
    define: { 'import.meta.url': 'undefined', __CUSTOS_COMMIT__: JSON.stringify(commit) },
    plugins: [seaPlugin],
  });
  const inputs = Object.keys(result.metafile.inputs);
  return {
    inputs: inputs.length,
    packages: [
      ...new Set(
        inputs.map((p) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(p)?.[1]).filter((p) => p !== undefined),
      ),
    ].sort(),
    bytes: result.metafile.outputs[relative(process.cwd(), outfile)]?.bytes ?? null,
  };
}
